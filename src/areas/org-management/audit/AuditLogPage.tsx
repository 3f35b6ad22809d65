// The audit log for managers (/audit-log): who did what and when, before and after, filtered by
// agent, object and action. Impersonation shows both agents: the one acted as and the internal
// agent behind the session. The filters and page live in the address (use-audit-log-page.ts).
import { useId, type KeyboardEvent } from 'react';
import { compactTime, longTime } from '../../../lib/time';
import { LoadingState } from '../../../ui/LoadingState';
import { button } from '../../../ui/recipes';
import * as s from '../org-management.styles';
import { actionLabel, detailLines, fieldLines, PAGE_SIZE, type AuditLogEntry } from './audit-log.utils';
import { useAuditLogPage } from './use-audit-log-page';
import { RowTable } from '../../../ui/RowTable';
import { useDraft } from '../../../ui/use-draft';
import { Options } from '../../../ui/Options';

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
  return (
    <tr>
      <td className={`${s.td} ${s.nowrap}`}>
        <time dateTime={entry.created_at} title={longTime(entry.created_at)}>
          {compactTime(entry.created_at)}
        </time>
      </td>
      <td className={s.td}>
        {entry.agent?.full_name ?? 'System'}
        {entry.impersonated_by ? <span className={s.via}>impersonated by {entry.impersonated_by.full_name}</span> : null}
      </td>
      <td className={`${s.td} ${s.code} ${s.nowrap}`}>{entry.action}</td>
      <td className={`${s.td} ${s.nowrap}`}>{entry.object_type ? `${entry.object_type}${entry.object_id ? ` ${entry.object_id}` : ''}` : '—'}</td>
      <td className={s.td}>
        <Lines lines={fieldLines(entry.before)} />
      </td>
      <td className={s.td}>
        <Lines lines={fieldLines(entry.after)} />
      </td>
      <td className={s.td}>
        <Lines lines={detailLines(entry)} />
      </td>
    </tr>
  );
}

/**
 * The object id as typed, sent when the field is left or Enter is pressed (as the console's other
 * typed filters), so typing makes one history step rather than one per key.
 */
function ObjectIdInput({ value, disabled, onCommit }: { value: string; disabled: boolean; onCommit: (value: string) => void }) {
  // follows the address when it changes under the field (Back, Clear filters, another object type)
  const [draft, setDraft] = useDraft(value, (v) => v);
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
    else setDraft(value);
  };
  return (
    <input
      className={s.control}
      value={draft}
      inputMode="numeric"
      maxLength={60}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

export function AuditLogPage() {
  const id = useId();
  const { filters, offset, log, total, facets, families, filtered, change, clearFilters, hasPrevious, hasNext, previousPage, nextPage } = useAuditLogPage();
  const agents = facets?.agents ?? [];
  const objectTypes = facets?.object_types ?? [];
  const actions = [...families, ...(facets?.actions ?? [])];
  // A link may name what the log's values do not (yet) hold: the choice is still shown as it is,
  // so the select never claims "All" while a filter applies.
  const agentMissing = filters.agentId !== null && !agents.some((a) => a.id === filters.agentId);
  const typeMissing = filters.objectType !== '' && !objectTypes.includes(filters.objectType);
  const actionMissing = filters.action !== '' && !actions.includes(filters.action);

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
            {agentMissing ? <option value={filters.agentId!}>{`Agent ${filters.agentId}`}</option> : null}
            <Options items={agents} value={(a) => a.id} label={(a) => a.full_name} />
          </select>
        </label>
        <label className={s.filter}>
          <span className={s.label}>Object</span>
          <select className={s.control} value={filters.objectType} onChange={(e) => change({ objectType: e.target.value })}>
            <option value="">All objects</option>
            {typeMissing ? <option value={filters.objectType}>{filters.objectType}</option> : null}
            <Options items={objectTypes} value={(t) => t} label={(t) => t} />
          </select>
        </label>
        <label className={s.filter}>
          <span className={s.label}>Object id</span>
          <ObjectIdInput value={filters.objectId} disabled={!filters.objectType} onCommit={(objectId) => change({ objectId })} />
        </label>
        <label className={s.filter}>
          <span className={s.label}>Action</span>
          <select className={s.control} value={filters.action} onChange={(e) => change({ action: e.target.value })}>
            <option value="">All actions</option>
            {actionMissing ? <option value={filters.action}>{actionLabel(filters.action)}</option> : null}
            <Options items={actions} value={(a) => a} label={(a) => actionLabel(a)} />
          </select>
        </label>
        <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={clearFilters} disabled={!filtered}>
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
          <RowTable pageKeys className={s.table} aria-label="Audit log entries" aria-busy={log.isFetching}>
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
          </RowTable>
          {log.data.entries.length === 0 ? <p className={s.empty}>No entries match these filters.</p> : null}
        </div>
      ) : null}
      {total > offset ? (
        <nav className={s.pager} aria-label="Pages">
          <span>
            {offset + 1}–{Math.min(offset + PAGE_SIZE, total)} of {total}
          </span>
          <button type="button" className={button({ size: 'sm' })} disabled={!hasPrevious} onClick={previousPage}>
            Previous
          </button>
          <button type="button" className={button({ size: 'sm' })} disabled={!hasNext} onClick={nextPage}>
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}
