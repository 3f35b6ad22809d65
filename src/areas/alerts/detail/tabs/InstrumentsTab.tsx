import { useState } from 'react';
import { Link } from 'wouter';
import { compactTime } from '../../../../lib/time';
import { LINKED_PAGE_SIZE, useAlertInstrumentsQuery } from '../../../../api/alerts/queries';
import * as s from '../alert-detail.styles';
import { Pager, TabEmpty, TabError, TabLoading } from './tab-parts';
import { RowTable } from '../../../../ui/RowTable';

/** Not in the spec (it gives none for instruments); worded like its siblings. */
export const INSTRUMENTS_FAILED = 'Failed to load alert instruments.';

const words = (v: string) => (v.charAt(0).toUpperCase() + v.slice(1)).replace(/_/g, ' ');

export function InstrumentsTab({ alertId }: { alertId: number }) {
  const [offset, setOffset] = useState(0);
  const q = useAlertInstrumentsQuery(alertId, offset);
  if (q.isPending) return <TabLoading label="Loading instruments" />;
  if (q.isError) return <TabError message={INSTRUMENTS_FAILED} onRetry={() => void q.refetch()} />;
  if (q.data.count === 0) return <TabEmpty>No information to display</TabEmpty>;
  return (
    <>
      <div className={s.tableScroll}>
        <RowTable className={s.table}>
          <thead>
            <tr>
              <th className={s.th} scope="col">
                Instrument
              </th>
              <th className={s.th} scope="col">
                Type
              </th>
              <th className={s.th} scope="col">
                Status
              </th>
              <th className={s.th} scope="col">
                Created
              </th>
            </tr>
          </thead>
          <tbody>
            {q.data.instruments.map((i) => (
              <tr key={i.id} className={s.tr}>
                <td className={s.td}>
                  <Link href={`/instruments/${i.id}`} className={`${s.rowLink} ${s.mono}`}>
                    {i.external_id}
                  </Link>
                </td>
                <td className={s.td}>{words(i.instrument_type)}</td>
                <td className={s.td}>{words(i.status)}</td>
                <td className={s.td}>{compactTime(i.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </RowTable>
      </div>
      <Pager offset={offset} limit={LINKED_PAGE_SIZE} count={q.data.count} onChange={setOffset} label="Instrument pages" />
    </>
  );
}
