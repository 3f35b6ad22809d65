// The case's linked objects (spec part 2, section 3 "Case"): alerts, entities, transaction events,
// action events, instruments and SARs, each a titled section with a small table. The page shows
// them full width; the 370 px panel shows the same rows as compact lists.
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { StatusBadge } from '../../../features/work/StatusBadge';
import * as w from '../../../features/work/work.styles';
import type { Case } from '../../../api/cases/queries';
import { compactTime, filedAt } from '../../../lib/time';
import { SarStatusBadge } from '../../filings/sar/SarStatusBadge';
import { usePanel } from '../../../app/panels/panel-context';
import { formatAmount } from '../case-format';
import * as s from './case-detail.styles';
import { DataTable, linkColumn, type Column as TableColumn } from '../../../ui/DataTable';
import { tableParts as tp } from '../../../ui/table.recipes';
import { Section } from '../../../ui/Section';

/** Rows shown before "Show all": long lists (events) stay readable. */
export const SECTION_PREVIEW_ROWS = 10;

interface Column<Row> extends TableColumn<Row> {
  /** The cell that names the row in the compact list. */
  primary?: boolean;
}

interface SectionProps<Row extends { id: number }> {
  title: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  empty: string;
  compact?: boolean;
  actions?: ReactNode;
}

export function LinkedSection<Row extends { id: number }>({ title, rows, columns, empty, compact = false, actions }: SectionProps<Row>) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, SECTION_PREVIEW_ROWS);
  const headingId = `case-section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Section
      id={headingId}
      title={
        <>
          {title} <span className={s.sectionCount}>{rows.length}</span>
        </>
      }
      actions={actions}
      bare
    >
      {rows.length === 0 ? (
        <p className={s.sectionEmpty}>{empty}</p>
      ) : compact ? (
        <ul className={s.compactList}>
          {shown.map((row) => (
            <li key={row.id} className={s.compactItem}>
              {columns.map((c, i) => (
                <span key={c.header} className={c.primary ? s.compactPrimary : s.compactDetail}>
                  {i > 0 && !c.primary ? <span className={s.compactLabel}>{c.header}: </span> : null}
                  {c.cell(row)}
                </span>
              ))}
            </li>
          ))}
        </ul>
      ) : (
        <DataTable columns={columns} rows={shown} rowKey={(row) => row.id} />
      )}
      {rows.length > SECTION_PREVIEW_ROWS ? (
        <div className={s.sectionFooter}>
          <button type="button" className={w.linkButton} onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? 'Show fewer' : `Show all ${rows.length}`}
          </button>
        </div>
      ) : null}
    </Section>
  );
}

type C = Case;

const titleCase = (v: string) => v.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

export const alertColumns: Column<C['alerts'][number]>[] = [
  {
    header: 'Alert',
    primary: true,
    cell: (a) => (
      <Link href={`/alerts/${a.id}`} className={tp.link}>
        {a.title}
      </Link>
    ),
  },
  { header: 'ID', cell: (a) => <span className={tp.mono}>{a.id}</span> },
  { header: 'Status', cell: (a) => <StatusBadge status={a.status} /> },
  { header: 'Assignee', cell: (a) => a.assigned_to_name ?? 'Unassigned' },
  { header: 'Created', cell: (a) => compactTime(a.created_at) },
];

export const entityColumns: Column<C['entities'][number]>[] = [
  {
    header: 'Entity',
    primary: true,
    cell: (e) => (
      <Link href={`/entities/${e.id}`} className={tp.link}>
        {e.name_readable}
      </Link>
    ),
  },
  { header: 'External ID', cell: (e) => <span className={tp.mono}>{e.external_id}</span> },
  { header: 'Type', cell: (e) => titleCase(e.entity_type) },
];

export const eventColumns: Column<C['events'][number]>[] = [
  {
    ...linkColumn<C['events'][number]>(
      'Transaction',
      (t) => `/data-explorer/transactions/${t.id}`,
      (t) => t.external_id,
    ),
    primary: true,
  },
  { header: 'Time', cell: (t) => compactTime(t.event_time) },
  { header: 'Amount', align: 'end', cell: (t) => <span className={s.num}>{formatAmount(t.amount, t.currency)}</span> },
];

export const actionEventColumns: Column<C['action_events'][number]>[] = [
  {
    ...linkColumn<C['action_events'][number]>(
      'Action event',
      (x) => `/data-explorer/action-events/${x.id}`,
      (x) => x.external_id,
    ),
    primary: true,
  },
  { header: 'Action', cell: (x) => titleCase(x.action_type) },
  { header: 'Time', cell: (x) => compactTime(x.event_time) },
];

export const instrumentColumns: Column<C['instruments'][number]>[] = [
  {
    ...linkColumn<C['instruments'][number]>(
      'Instrument',
      (i) => `/instruments/${i.id}`,
      (i) => i.external_id,
    ),
    primary: true,
  },
  { header: 'Type', cell: (i) => titleCase(i.instrument_type) },
];

export const sarColumns: Column<C['sars'][number]>[] = [
  {
    header: 'SAR',
    primary: true,
    cell: (r) => (
      <Link href={`/filings/sar/${r.id}`} className={tp.link}>
        {r.name}
      </Link>
    ),
  },
  { header: 'Status', cell: (r) => <SarStatusBadge status={r.status} /> },
  { header: 'Filed', cell: (r) => (r.filed_at ? filedAt(r.filed_at, 'compact') : 'Not filed') },
  { header: 'Details', cell: (r) => <SarPanelButton id={r.id} name={r.name} /> },
];

/** Opens the SAR panel beside the case. */
function SarPanelButton({ id, name }: { id: number; name: string }) {
  const panel = usePanel();
  return (
    <button type="button" className={tp.link} aria-label={`Show ${name} in the panel`} onClick={() => panel.open('sar', id)}>
      Show
    </button>
  );
}

/** The six linked-object sections in the spec's order. */
export function CaseLinkedSections({
  kase,
  compact = false,
  alertActions,
  sarActions,
}: {
  kase: Case;
  compact?: boolean;
  alertActions?: ReactNode;
  sarActions?: ReactNode;
}) {
  return (
    <>
      <LinkedSection title="Alerts" rows={kase.alerts} columns={alertColumns} empty="No alerts in this case." compact={compact} actions={alertActions} />
      <LinkedSection title="Entities" rows={kase.entities} columns={entityColumns} empty="No entities." compact={compact} />
      <LinkedSection title="Events" rows={kase.events} columns={eventColumns} empty="No transaction events." compact={compact} />
      <LinkedSection title="Action Events" rows={kase.action_events} columns={actionEventColumns} empty="No action events." compact={compact} />
      <LinkedSection title="Instruments" rows={kase.instruments} columns={instrumentColumns} empty="No instruments." compact={compact} />
      <LinkedSection title="SARs" rows={kase.sars} columns={sarColumns} empty="No SARs filed from this case." compact={compact} actions={sarActions} />
    </>
  );
}
