import { useState } from 'react';
import { Link } from 'wouter';
import { compactTime } from '../../../../lib/time';
import { RiskScore } from '../../../../features/risk';
import { LINKED_PAGE_SIZE, useAlertEntitiesQuery } from '../../../../api/alerts/queries';
import * as s from '../alert-detail.styles';
import { Pager, TabEmpty, TabError, TabLoading } from './tab-parts';
import { RowTable } from '../../../../ui/RowTable';

/** Spec part 2, section 8. */
export const ENTITIES_FAILED = 'Failed to load alert entities.';

export function EntitiesTab({ alertId }: { alertId: number }) {
  const [offset, setOffset] = useState(0);
  const q = useAlertEntitiesQuery(alertId, offset);
  if (q.isPending) return <TabLoading label="Loading flagged entities" />;
  if (q.isError) return <TabError message={ENTITIES_FAILED} onRetry={() => void q.refetch()} />;
  if (q.data.count === 0) return <TabEmpty>No information to display</TabEmpty>;
  return (
    <>
      <div className={s.tableScroll}>
        <RowTable className={s.table}>
          <thead>
            <tr>
              <th className={s.th} scope="col">
                Name
              </th>
              <th className={s.th} scope="col">
                External ID
              </th>
              <th className={s.th} scope="col">
                Type
              </th>
              <th className={s.th} scope="col">
                Status
              </th>
              <th className={`${s.th} ${s.num}`} scope="col">
                Risk score
              </th>
              <th className={s.th} scope="col">
                Created
              </th>
            </tr>
          </thead>
          <tbody>
            {q.data.entities.map((e) => (
              <tr key={e.id} className={s.tr}>
                <td className={s.td}>
                  <Link href={`/entities/${e.id}`} className={s.rowLink}>
                    {e.name_readable}
                  </Link>
                </td>
                <td className={`${s.td} ${s.mono}`}>{e.external_id}</td>
                <td className={s.td}>{e.entity_type === 'business' ? 'Business' : 'User'}</td>
                <td className={s.td}>{e.status ?? '—'}</td>
                <td className={`${s.td} ${s.num}`}>
                  <RiskScore externalId={e.external_id} fallback={e.risk_score} compact />
                </td>
                <td className={s.td}>{compactTime(e.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </RowTable>
      </div>
      <Pager offset={offset} limit={LINKED_PAGE_SIZE} count={q.data.count} onChange={setOffset} label="Flagged entity pages" />
    </>
  );
}
