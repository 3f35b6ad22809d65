// The "Activity" of an alert or case: who changed what, newest first (GET /api/audit-log).
import { useMemo } from 'react';
import { css } from '../../../styled-system/css';
import { useAgentsQuery } from '../../api/agents/queries';
import { useAuditQuery, type AuditEntry, type AuditObjectType } from '../../api/audit/queries';
import { useAgent } from '../../app/auth/auth-context';
import { longTime } from '../../lib/time';
import { hasPermission } from '../../lib/permissions';
import { LoadingState } from '../../ui/LoadingState';
import { bareList, textLink } from '../../ui/recipes';
import { describeAudit } from './audit-text';
import * as s from './work.styles';

/** Not in the spec: the message when the activity cannot be read. */
export const AUDIT_FAILED = 'Failed to load activity.';

const list = css(bareList, { display: 'flex', flexDirection: 'column' });
const item = css({
  position: 'relative',
  pl: '5',
  pb: '3',
  fontSize: 'sm',
  _before: { content: '""', position: 'absolute', left: '1', top: '1.5', width: '2', height: '2', borderRadius: 'full', bg: 'gray.400' },
  _after: { content: '""', position: 'absolute', left: 'calc(0.25rem + 3px)', top: '4', bottom: '0', width: '2px', bg: 'gray.200' },
  _last: { _after: { display: 'none' } },
});
const who = css({ fontWeight: 'semibold' });
const when = css({ display: 'block', color: 'muted', fontSize: 'xs' });
const detail = css({ display: 'block', color: 'muted', fontSize: 'xs', overflowWrap: 'anywhere' });

function Entry({ entry, agentNames }: { entry: AuditEntry; agentNames: ReadonlyMap<number, string> }) {
  const { summary, details } = describeAudit(entry, agentNames);
  return (
    <li className={item}>
      <span className={who}>{entry.agent?.full_name ?? 'System'}</span> {summary}
      {details.map((line) => (
        <span key={line} className={detail}>
          {line}
        </span>
      ))}
      <time className={when} dateTime={entry.created_at}>
        {longTime(entry.created_at)}
      </time>
    </li>
  );
}

export function AuditTrail({ objectType, objectId }: { objectType: AuditObjectType; objectId: number }) {
  const agent = useAgent();
  const audit = useAuditQuery(objectType, objectId);
  // Older entries name agents by id only: their names come from the agent list where it may be read.
  const agents = useAgentsQuery({ enabled: hasPermission(agent, 'read_agents') || hasPermission(agent, 'read_assignments') });
  const agentNames = useMemo(() => new Map((agents.data ?? []).map((a) => [a.id, a.full_name])), [agents.data]);
  if (audit.isPending) return <LoadingState label="Loading activity" />;
  if (audit.isError) {
    return (
      <p className={s.errorBox} role="alert">
        {AUDIT_FAILED}
        <button type="button" className={textLink()} onClick={() => void audit.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  if (audit.data.length === 0) return <p className={s.muted}>No activity yet.</p>;
  return (
    <ol className={list} aria-label="Activity">
      {audit.data.map((entry) => (
        <Entry key={entry.id} entry={entry} agentNames={agentNames} />
      ))}
    </ol>
  );
}
