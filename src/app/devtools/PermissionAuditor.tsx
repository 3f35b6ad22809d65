// The permission auditor of the developer tools: for the chosen organisation, every console route
// and every API operation with what it needs and which of the organisation's active agents get
// through (team permission sets taking precedence, as on the server).
import { Tabs } from '@ark-ui/react/tabs';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import * as d from '../../ui/dialog.styles';
import { button } from '../../ui/recipes';
import { useAgent } from '../auth/auth-context';
import { ROUTES } from '../route-table';
import { describeHolders, filterRows, operationRows, routeRows, type AuditRow } from './auditor.utils';
import { usePermissionAuditQuery, type AuditedAgent } from '../../api/dev-tools/queries';
import * as a from './auditor.styles';
import * as s from './dev-tools.styles';
import { Modal } from '../../ui/Modal';
import { Field } from '../../ui/FormField';
import { OrgField } from './OrgField';

export default function PermissionAuditorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      className={a.dialog}
      title="Permission auditor"
      description="What each console route and API call needs, and which active agents of the organisation get through today."
    >
      <Auditor />
      <div className={d.actions}>
        <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

function Auditor() {
  const agent = useAgent();
  const id = useId();
  const [orgId, setOrgId] = useState(agent.org.id);
  const [text, setText] = useState('');
  const search = useDeferredValue(text);
  const audit = usePermissionAuditQuery(orgId);

  const rows = useMemo(() => {
    if (!audit.data) return null;
    const { agents, enabled_flags: enabled } = audit.data;
    return {
      agents,
      routes: filterRows(routeRows(ROUTES, agents, enabled), search, agents),
      operations: filterRows(operationRows(audit.data.operations, enabled), search, agents),
    };
  }, [audit.data, search]);

  return (
    <div className={s.stack}>
      <div className={d.row}>
        <OrgField id={`${id}-org`} value={orgId} onChange={setOrgId} />
        <Field id={`${id}-search`} label="Search">
          <input
            id={`${id}-search`}
            type="search"
            className={d.input}
            value={text}
            placeholder="Path, permission or agent"
            onChange={(e) => setText(e.target.value)}
          />
        </Field>
      </div>
      {audit.isPending ? <p className={s.muted}>Loading the audit…</p> : null}
      {audit.isError ? (
        <p role="alert" className={s.error}>
          The audit could not be loaded: {audit.error.message}
        </p>
      ) : null}
      {rows ? (
        <Tabs.Root defaultValue="routes" lazyMount>
          <Tabs.List className={a.tabList} aria-label="Audit">
            <Tabs.Trigger value="routes" className={a.tab}>
              Console routes ({rows.routes.length})
            </Tabs.Trigger>
            <Tabs.Trigger value="operations" className={a.tab}>
              API operations ({rows.operations.length})
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="routes">
            <AuditTable caption="Console routes" targetLabel="Route" rows={rows.routes} agents={rows.agents} />
          </Tabs.Content>
          <Tabs.Content value="operations">
            <AuditTable caption="API operations" targetLabel="Operation" rows={rows.operations} agents={rows.agents} />
          </Tabs.Content>
        </Tabs.Root>
      ) : null}
    </div>
  );
}

function AuditTable({ caption, targetLabel, rows, agents }: { caption: string; targetLabel: string; rows: AuditRow[]; agents: AuditedAgent[] }) {
  if (rows.length === 0) return <p className={s.muted}>Nothing matches the search.</p>;
  return (
    <div className={a.scroller} tabIndex={0} role="region" aria-label={caption}>
      <table className={a.table}>
        <caption className={a.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{targetLabel}</th>
            <th scope="col">Needs</th>
            <th scope="col">Feature flags</th>
            <th scope="col">Who gets through</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                <code className={a.target}>{row.target}</code>
                <span className={a.title}>{row.title}</span>
              </th>
              <td>{row.needs}</td>
              <td>
                {row.flags.length === 0
                  ? 'None'
                  : row.flags.map((f) => (
                      <span key={f.name} className={a.flag({ on: f.on })}>
                        {f.name} {f.on ? 'on' : 'off'}
                      </span>
                    ))}
              </td>
              <td>{describeHolders(row.holderIds, agents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
