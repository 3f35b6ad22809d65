// The Filings list (/filings; spec part 2, "Filings"): filings grouped by batch, newest batch first,
// ten batches a page. For SARs, the SARs not yet in a batch (drafts, in review, queued) come first
// as their own group, then each batch with its SARs: the name linking to the SAR's page, the status
// badge, queue, reviewer, when it was filed (America/New_York) and its BSA ID. FINTRAC reports are
// grouped the same way: name, type (STR or LCTR), status badge, queue, reviewer, created, filed,
// FINTRAC's report id and total. A batch's header opens the filings batch panel. Filters (report
// type, statuses, queue, reviewer, created days) live in the address. j/k move between the rows
// (batch headers too) and Enter opens one. Filing settings opens the organisation's FinCEN and
// FINTRAC settings in the panel. With SARs listed, "Export" asks for a file of every SAR of the filters.
import { Link } from 'wouter';
import { css } from '../../../../styled-system/css';
import type { FintracReportRow } from '../../../api/filings/fintrac';
import type { FilingBatch, SarFilingRow } from '../../../api/filings/list';
import { FILING_BATCHES_PAGE } from '../../../api/filings/list';
import { sarStatusLabel } from '../../../../core/sar-status';
import { compactDate, compactTime, filedAt } from '../../../lib/time';
import { DateRangeFilter, MultiFilter } from '../../../ui/FilterBar';
import { ListPage } from '../../../ui/ListPage';
import { button, linkButton, textLink } from '../../../ui/recipes';
import { countText, ListTable, listText as t, PageIntro, SearchBar, SelectFilter } from '../../../ui/WholeList';
import { fintracStatusLabel } from '../fintrac/fintrac-status';
import { fintracPath } from '../fintrac/fintrac-paths';
import { FintracStatusBadge } from '../fintrac/FintracStatusBadge';
import { SarStatusBadge } from '../sar/SarStatusBadge';
import { sarPath } from '../sar/sar-paths';
import { FilingSettingsButton } from '../settings/FilingSettingsButton';
import { hasFilters, REPORT_TYPES, statusesOf } from './filings-list-url';
import { useFilingsListPage } from './use-filings-list-page';
import { ExportListButton } from '../../../features/exports/ExportListButton';
import { sarFilingExportRequest } from './sar-filing-export';

export const LIST_FAILED_TEXT = 'Failed to fetch filings grouped by batch id.';
export const NO_FILINGS_TEXT = 'No filings yet.';
export const NO_MATCH_TEXT = 'No filing matches these filters.';
export const UNBATCHED_TEXT = 'Not yet in a batch';

const COLUMNS = [{ header: 'Name' }, { header: 'Status' }, { header: 'Queue' }, { header: 'Reviewer' }, { header: 'Filed at' }, { header: 'BSA ID' }];
const FINTRAC_COLUMNS = [
  { header: 'Name' },
  { header: 'Type' },
  { header: 'Status' },
  { header: 'Queue' },
  { header: 'Reviewer' },
  { header: 'Created' },
  { header: 'Filed' },
  { header: 'FINTRAC report ID' },
  { header: 'Total (CAD)', numeric: true },
];
// CTR and FINTRAC filings have no rows of their own: a batch is one row
const BATCH_COLUMNS = [
  { header: 'Batch' },
  { header: 'Filings', numeric: true },
  { header: 'Accepted', numeric: true },
  { header: 'Rejected', numeric: true },
  { header: 'Date range' },
  { header: 'Created by' },
];
const statusOptions = (type: 'SAR' | 'CTR' | 'FINTRAC') =>
  statusesOf(type).map((value) => ({ value, label: type === 'FINTRAC' ? fintracStatusLabel(value) : sarStatusLabel(value) }));
const TYPE_LABELS = { SAR: 'SARs', CTR: 'CTRs', FINTRAC: 'FINTRAC reports' } as const;

const s = {
  group: css({ bg: 'gray.50', textAlign: 'left', fontWeight: 'normal' }),
  groupLine: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '3' }),
  groupTitle: css({ fontWeight: 'semibold', fontSize: 'sm' }),
  groupNote: css({ fontSize: 'xs', color: 'muted', fontWeight: 'normal' }),
  pager: css({ display: 'flex', alignItems: 'center', gap: '3', justifyContent: 'flex-end', fontSize: 'sm', color: 'muted' }),
  typeLabel: css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'muted' }),
  typeSelect: css({ height: '9', px: '2', layerStyle: 'bordered', borderRadius: 'md', fontSize: 'sm', bg: 'white' }),
};

const dateRange = (b: FilingBatch) => (b.earliest && b.latest ? `${compactDate(b.earliest)} – ${compactDate(b.latest)}` : 'no activity');

/** "3 filings · 2 accepted · 1 rejected · 2026-10-01 – 2026-10-03" */
export function batchSummary(b: FilingBatch): string {
  return `${countText(b.total, 'filing', 'filings')} · ${b.accepted.toLocaleString('en-US')} accepted · ${b.rejected.toLocaleString('en-US')} rejected · ${dateRange(b)}`;
}

export function FilingsListPage() {
  const page = useFilingsListPage();
  const { filters, list } = page;
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / FILING_BATCHES_PAGE));
  const fintrac = filters.reportType === 'FINTRAC';
  const columns = fintrac ? FINTRAC_COLUMNS : page.sarList ? COLUMNS : BATCH_COLUMNS;
  const statuses = statusesOf(filters.reportType);
  return (
    <ListPage
      title="Filings"
      density="roomy"
      actions={
        <>
          {page.sarList ? <ExportListButton noun="SARs" request={(format) => sarFilingExportRequest(page.asked, format)} /> : null}
          <FilingSettingsButton />
        </>
      }
    >
      <PageIntro>Regulatory filings grouped by the batch they were sent in, newest batch first. Open a batch for its counts and its file.</PageIntro>
      <SearchBar
        label="Filter filings"
        filtered={hasFilters(filters)}
        onClear={page.clear}
        count={list.data ? countText(list.data.count, 'batch', 'batches') : null}
      >
        <label className={s.typeLabel}>
          Report type
          <select
            className={s.typeSelect}
            value={filters.reportType}
            onChange={(e) => page.setReportType(REPORT_TYPES.find((x) => x === e.target.value) ?? filters.reportType)}
          >
            {page.types.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
        {page.grouped ? (
          <>
            <MultiFilter
              label="Status"
              options={statusOptions(filters.reportType)}
              selected={filters.statuses}
              onChange={(next) => page.update({ statuses: statuses.filter((x) => next.includes(x)) })}
            />
            <SelectFilter
              label="Queue"
              anyLabel="Any queue"
              value={filters.queueId}
              options={page.queues.map((q) => ({ value: q.id, label: q.title }))}
              onChange={(queueId) => page.update({ queueId })}
            />
            <SelectFilter
              label="Reviewer"
              anyLabel="Any reviewer"
              value={filters.reviewerId}
              options={page.agents.map((a) => ({ value: a.id, label: a.full_name }))}
              onChange={(reviewerId) => page.update({ reviewerId })}
            />
          </>
        ) : null}
        <DateRangeFilter label="Created" from={filters.from} to={filters.to} onChange={({ from, to }) => page.update({ from, to })} lazy={false} />
      </SearchBar>
      <ListTable
        query={list}
        loading="Loading filings"
        failed={LIST_FAILED_TEXT}
        empty={(data) =>
          data.batches.length > 0 || (data.unbatched?.length ?? 0) > 0 || (data.unbatched_reports?.length ?? 0) > 0
            ? null
            : hasFilters(filters)
              ? NO_MATCH_TEXT
              : NO_FILINGS_TEXT
        }
        label="Filings by batch"
        columns={columns}
      >
        {(data) => (
          <>
            {data.unbatched?.length ? (
              <>
                <tr data-group="unbatched">
                  <th scope="colgroup" colSpan={COLUMNS.length} className={s.group}>
                    <span className={s.groupLine}>
                      <span className={s.groupTitle}>{UNBATCHED_TEXT}</span>
                      <span className={s.groupNote}>{countText(data.unbatched.length, 'SAR', 'SARs')}</span>
                    </span>
                  </th>
                </tr>
                {data.unbatched.map((sar) => (
                  <SarRow key={sar.id} sar={sar} />
                ))}
              </>
            ) : null}
            {fintrac && data.unbatched_reports?.length ? (
              <>
                <tr data-group="unbatched">
                  <th scope="colgroup" colSpan={FINTRAC_COLUMNS.length} className={s.group}>
                    <span className={s.groupLine}>
                      <span className={s.groupTitle}>{UNBATCHED_TEXT}</span>
                      <span className={s.groupNote}>{countText(data.unbatched_reports.length, 'report', 'reports')}</span>
                    </span>
                  </th>
                </tr>
                {data.unbatched_reports.map((report) => (
                  <FintracRow key={report.id} report={report} />
                ))}
              </>
            ) : null}
            {data.batches.map((b) =>
              page.grouped ? (
                <BatchGroup key={b.id} batch={b} columns={columns.length} onOpen={() => page.openBatch(b.id)} />
              ) : (
                <BatchRow key={b.id} batch={b} onOpen={() => page.openBatch(b.id)} />
              ),
            )}
          </>
        )}
      </ListTable>
      {count > FILING_BATCHES_PAGE ? (
        <nav className={s.pager} aria-label="Pages of batches">
          <button type="button" className={button({ variant: 'secondary' })} disabled={filters.page === 0} onClick={() => page.setPage(filters.page - 1)}>
            Previous
          </button>
          <span>{`Page ${filters.page + 1} of ${pages}`}</span>
          <button
            type="button"
            className={button({ variant: 'secondary' })}
            disabled={filters.page + 1 >= pages}
            onClick={() => page.setPage(filters.page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </ListPage>
  );
}

function BatchGroup({ batch, columns, onOpen }: { batch: FilingBatch; columns: number; onOpen: () => void }) {
  return (
    <>
      <tr data-batch-id={batch.id}>
        <th scope="colgroup" colSpan={columns} className={s.group}>
          <span className={s.groupLine}>
            <button type="button" className={linkButton()} data-row-open onClick={onOpen}>
              {`Batch ${batch.id}`}
            </button>
            <span className={s.groupNote}>{batchSummary(batch)}</span>
          </span>
        </th>
      </tr>
      {(batch.sars ?? []).map((sar) => (
        <SarRow key={sar.id} sar={sar} />
      ))}
      {(batch.reports ?? []).map((report) => (
        <FintracRow key={report.id} report={report} />
      ))}
    </>
  );
}

function BatchRow({ batch, onOpen }: { batch: FilingBatch; onOpen: () => void }) {
  return (
    <tr data-batch-id={batch.id}>
      <td>
        <button type="button" className={linkButton()} data-row-open onClick={onOpen}>
          {`Batch ${batch.id}`}
        </button>
      </td>
      <td className={t.num}>{batch.total.toLocaleString('en-US')}</td>
      <td className={t.num}>{batch.accepted.toLocaleString('en-US')}</td>
      <td className={t.num}>{batch.rejected.toLocaleString('en-US')}</td>
      <td>{dateRange(batch)}</td>
      <td>{batch.created_by.full_name}</td>
    </tr>
  );
}

function SarRow({ sar }: { sar: SarFilingRow }) {
  return (
    <tr data-sar-id={sar.id}>
      <td>
        <Link href={sarPath(sar.id)} className={textLink()}>
          {sar.name}
        </Link>
      </td>
      <td>
        <SarStatusBadge status={sar.status} />
      </td>
      <td>{sar.queue?.title ?? <span className={t.muted}>None</span>}</td>
      <td>{sar.reviewer?.full_name ?? <span className={t.muted}>None</span>}</td>
      <td className={t.muted}>{filedAt(sar.filed_at, 'compact')}</td>
      <td>{sar.bsa_id ?? <span className={t.muted}>—</span>}</td>
    </tr>
  );
}

const cad = (amount: number) => amount.toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function FintracRow({ report }: { report: FintracReportRow }) {
  return (
    <tr data-fintrac-id={report.id}>
      <td>
        <Link href={fintracPath(report.id)} className={textLink()}>
          {report.name}
        </Link>
      </td>
      <td>{report.report_type}</td>
      <td>
        <FintracStatusBadge status={report.status} />
      </td>
      <td>{report.queue?.title ?? <span className={t.muted}>None</span>}</td>
      <td>{report.reviewer?.full_name ?? <span className={t.muted}>None</span>}</td>
      <td className={t.muted}>{compactTime(report.created_at)}</td>
      <td className={t.muted}>{report.filed_at ? compactTime(report.filed_at) : '—'}</td>
      <td>{report.fintrac_report_id ?? <span className={t.muted}>—</span>}</td>
      <td className={t.num}>{cad(report.total_amount)}</td>
    </tr>
  );
}
