// What a SAR reports and where it came from: its transactions (100 at a time), the alerts of its
// case, related SARs (others filed from the same case) and its comments.
import { useState } from 'react';
import { Link } from 'wouter';
import { useSarQuery, useSarTransactionsQuery, SAR_TRANSACTIONS_PAGE, type Sar } from '../../../api/filings/queries';
import { CommentThread } from '../../../features/work';
import { compactTime, filedAt } from '../../../lib/time';
import { DataTable, linkColumn, type Column } from '../../../ui/DataTable';
import { button } from '../../../ui/recipes';
import { Section } from '../../../ui/Section';
import { tableParts as tp } from '../../../ui/table.recipes';
import { css } from '../../../../styled-system/css';
import { sarPath } from './sar-paths';
import { SarStatusBadge } from './SarStatusBadge';

const s = {
  empty: css({ color: 'muted', fontSize: 'sm', p: '4' }),
  pager: css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'flex-end', p: '3', fontSize: 'sm', color: 'muted' }),
};

type Txn = { id: number; external_id: string; event_time: string; internal_txn_type: string; amount: number | null; currency: string };

const amount = (n: number | null, currency: string) =>
  n === null ? '—' : `${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

const TXN_COLUMNS: Column<Txn>[] = [
  linkColumn<Txn>(
    'Transaction',
    (t) => `/data-explorer/transactions/${t.id}`,
    (t) => t.external_id,
  ),
  { header: 'Time', cell: (t) => compactTime(t.event_time) },
  { header: 'Type', cell: (t) => t.internal_txn_type },
  { header: 'Amount', align: 'end', numeric: true, cell: (t) => amount(t.amount, t.currency) },
];

function Transactions({ id }: { id: number }) {
  const [offset, setOffset] = useState(0);
  const query = useSarTransactionsQuery(id, offset);
  const rows = (query.data?.txn_events ?? []) as Txn[];
  const count = query.data?.count ?? 0;
  return (
    <Section id="sar-transactions" title={`Transactions (${count.toLocaleString('en-US')})`} bare>
      {query.isError ? (
        <p className={s.empty} role="alert">
          Failed to fetch transactions.
        </p>
      ) : rows.length === 0 ? (
        <p className={s.empty}>{query.isPending ? 'Loading transactions…' : 'The SAR reports no transactions.'}</p>
      ) : (
        <>
          <DataTable aria-label="SAR transactions" columns={TXN_COLUMNS} rows={rows} rowKey={(t) => t.id} />
          {count > SAR_TRANSACTIONS_PAGE ? (
            <div className={s.pager}>
              <span>
                {offset + 1}–{Math.min(offset + SAR_TRANSACTIONS_PAGE, count)} of {count.toLocaleString('en-US')}
              </span>
              <button
                type="button"
                className={button({ variant: 'ghost', size: 'sm' })}
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - SAR_TRANSACTIONS_PAGE))}
              >
                Previous 100
              </button>
              <button
                type="button"
                className={button({ variant: 'ghost', size: 'sm' })}
                disabled={offset + SAR_TRANSACTIONS_PAGE >= count}
                onClick={() => setOffset(offset + SAR_TRANSACTIONS_PAGE)}
              >
                Next 100
              </button>
            </div>
          ) : null}
        </>
      )}
    </Section>
  );
}

type SarAlert = Sar['alerts'][number];
type SarSibling = Sar['sars'][number];

const ALERT_COLUMNS: Column<SarAlert>[] = [
  {
    header: 'Alert',
    cell: (a) => (
      <Link href={`/alerts/${a.id}`} className={tp.link}>
        {a.title}
      </Link>
    ),
  },
  { header: 'Status', cell: (a) => a.status },
];

const SIBLING_COLUMNS: Column<SarSibling>[] = [
  {
    header: 'SAR',
    cell: (r) => (
      <Link href={sarPath(r.id)} className={tp.link}>
        {r.name}
      </Link>
    ),
  },
  { header: 'Status', cell: (r) => <SarStatusBadge status={r.status} /> },
  { header: 'Filed', cell: (r) => (r.filed_at ? filedAt(r.filed_at, 'compact') : 'Not filed') },
];

export function SarRelated({ id }: { id: number }) {
  const summary = useSarQuery(id);
  const sar = summary.data;
  return (
    <>
      <Transactions id={id} />
      <Section id="sar-alerts" title={`Alerts (${sar?.alerts.length ?? 0})`} bare>
        {sar?.alerts.length ? (
          <DataTable aria-label="SAR alerts" columns={ALERT_COLUMNS} rows={sar.alerts} rowKey={(a) => a.id} />
        ) : (
          <p className={s.empty}>{summary.isPending ? 'Loading alerts…' : 'No alerts.'}</p>
        )}
      </Section>
      <Section id="sar-related" title={`Related SARs (${sar?.sars.length ?? 0})`} bare>
        {sar?.sars.length ? (
          <DataTable aria-label="Related SARs" columns={SIBLING_COLUMNS} rows={sar.sars} rowKey={(r) => r.id} />
        ) : (
          <p className={s.empty}>{summary.isPending ? 'Loading…' : 'No other SAR was filed from this case.'}</p>
        )}
      </Section>
      <Section id="sar-comments" title="Comments">
        <CommentThread objectType="SAR" objectId={id} />
      </Section>
    </>
  );
}
