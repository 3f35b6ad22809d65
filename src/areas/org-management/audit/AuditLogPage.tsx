// The audit log for managers (/audit-log): who did what and when, before and after, filtered by
// agent, object and action. Impersonation shows both agents: the one acted as and the internal
// agent behind the session.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, unwrap } from '../../../api/client';
import { LoadingState } from '../../../ui/LoadingState';
import { button } from '../../../ui/recipes';
import * as s from '../org-management.styles';
import { auditQuery, detailLines, fieldLines, NO_FILTERS, PAGE_SIZE, type AuditFilters, type AuditLogEntry } from './audit-log.utils';

const auditKeys = {
  all: ['audit-log'] as const,
  page: (filters: AuditFilters, offset: number) => [...auditKeys.all, 'entries', filters, offset] as const,
};

function Lines({ lines }: { lines: string[] }) {
  if (!lines.length) return <span className={s.muted}>—</span>;
  return (
    <ul className={s.fields}>
      {lines.map((line, i) => (
        <li key={i} className={s.code}>
          {line}
        </li>
      ))}
    </ul>
  );
}

function EntryRow({ entry }: { entry: AuditLogEntry }) {
  const when = new Date(entry.created_at);
  return (
    <tr>
      <td className={`${s.td} ${s.nowrap}`}>
        <time dateTime={entry.created_at}>{when.toLocaleString()}</time>
      </td>
      <td className={s.td}>
        {entry.agent?.full_name ?? 'System'}
        {entry.impersonated_by ? <span className={s.via}>impersonated by {entry.impersonated_by.full_name}</span> : null}
      </td>
      <td className={`${s.td} ${s.code} ${s.nowrap}`}>{entry.action}</td>
      <td className={`${s.td} ${s.nowrap}`}>{entry.object_type ? `${entry.object_type}${entry.object_id ? ` ${entry.object_id}` : ''}` : '—'}</td>
      <td className={s.td}>
        <Lines lines={fieldLines(entry.before as Record<string, unknown> | null)} />
      </td>
      <td className={s.td}>
        <Lines lines={fieldLines(entry.after as Record<string, unknown> | null)} />
      </td>
      <td className={s.td}>
        <Lines lines={detailLines(entry)} />
      </td>
    </tr>
  );
}

export function AuditLogPage() {
  const id = useId();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const log = useQuery({
    queryKey: auditKeys.page(filters, offset),
    queryFn: () => unwrap(api.GET('/api/audit-log/entries', { params: { query: auditQuery(filters, offset) } })),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<AuditFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setOffset(0);
  };
  const facets = log.data?.facets;
  // every action family ("impersonation.") is offered beside the actions themselves
  const families = [...new Set((facets?.actions ?? []).filter((a) => a.includes('.')).map((a) => `${a.split('.')[0]}.`))];
  const total = log.data?.total ?? 0;

  return (
    <section className={s.page} aria-labelledby={`${id}-title`}>
      <header className={s.header}>
        <h1 id={`${id}-title`} className={s.title}>
          Audit log
        </h1>
        <span className={s.muted}>Every recorded action in your organisation, newest first.</span>
      </header>
      <div className={s.filters} role="group" aria-label="Filters">
        <label className={s.filter}>
          <span className={s.label}>Agent</span>
          <select className={s.control} value={filters.agentId ?? ''} onChange={(e) => change({ agentId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">All agents</option>
            {(facets?.agents ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.full_name}
              </option>
            ))}
          </select>
        </label>
        <label className={s.filter}>
          <span className={s.label}>Object</span>
          <select className={s.control} value={filters.objectType} onChange={(e) => change({ objectType: e.target.value, objectId: e.target.value ? filters.objectId : '' })}>
            <option value="">All objects</option>
            {(facets?.object_types ?? []).map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className={s.filter}>
          <span className={s.label}>Object id</span>
          <input className={s.control} value={filters.objectId} inputMode="numeric" disabled={!filters.objectType} onChange={(e) => change({ objectId: e.target.value })} />
        </label>
        <label className={s.filter}>
          <span className={s.label}>Action</span>
          <select className={s.control} value={filters.action} onChange={(e) => change({ action: e.target.value })}>
            <option value="">All actions</option>
            {families.map((f) => (
              <option key={f} value={f}>
                {`All ${f.slice(0, -1).replace(/_/g, ' ')} actions`}
              </option>
            ))}
            {(facets?.actions ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={() => change(NO_FILTERS)} disabled={filters === NO_FILTERS}>
          Clear filters
        </button>
      </div>
      {log.isPending ? <LoadingState label="Loading the audit log" /> : null}
      {log.isError ? (
        <p role="alert" className={s.empty}>
          The audit log could not be loaded.{' '}
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => void log.refetch()}>
            Retry
          </button>
        </p>
      ) : null}
      {log.data ? (
        <div className={s.tableWrap}>
          <table className={s.table} aria-label="Audit log entries" aria-busy={log.isFetching}>
            <thead>
              <tr>
                {['When', 'Agent', 'Action', 'Object', 'Before', 'After', 'Details'].map((h) => (
                  <th key={h} scope="col" className={s.th}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {log.data.entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
          {log.data.entries.length === 0 ? <p className={s.empty}>No entries match these filters.</p> : null}
        </div>
      ) : null}
      {total > 0 ? (
        <nav className={s.pager} aria-label="Pages">
          <span>
            {offset + 1}–{Math.min(offset + PAGE_SIZE, total)} of {total}
          </span>
          <button type="button" className={button({ size: 'sm' })} disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
            Previous
          </button>
          <button type="button" className={button({ size: 'sm' })} disabled={offset + PAGE_SIZE >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
