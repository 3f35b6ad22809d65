// The feature flags panel of the developer tools: every known flag with a switch, per organisation.
// The organisation is chosen among those the agent can reach (GET /api/orgs/list); the console's
// own organisation comes first, and a change to it refetches the agent so the console follows.
import { useId, useState } from 'react';
import { useOrgsQuery } from '../../api/orgs/queries';
import { useAgent } from '../auth/auth-context';
import type { PanelViewProps } from '../panels/panel-views';
import { useFeatureFlagsQuery } from '../../api/dev-tools/queries';
import { useSetFeatureFlagMutation } from '../../api/dev-tools/mutations';
import * as s from './dev-tools.styles';
import { switchInput } from '../../ui/recipes';
import { OrgField } from './OrgField';

export default function FeatureFlagsPanel(_props: PanelViewProps) {
  const agent = useAgent();
  const id = useId();
  const [orgId, setOrgId] = useState<number>(agent.org.id);
  const orgs = useOrgsQuery(true);
  const flags = useFeatureFlagsQuery(agent.is_internal ? orgId : null);
  const setFlag = useSetFeatureFlagMutation(agent.org.id);
  // What was asked, shown at once: a controlled switch would otherwise flip back for a moment until
  // the mutation's pending state arrives. Cleared when the change is settled either way.
  const [asked, setAsked] = useState<{ orgId: number; name: string; enabled: boolean } | null>(null);
  const orgName = orgs.data?.find((o) => o.id === orgId)?.display_name ?? agent.org.display_name;
  // The panel can be opened from a URL by anyone: say why it is empty rather than show a refusal.
  if (!agent.is_internal) return <p className={s.muted}>Feature flags are available to internal staff only.</p>;

  return (
    <div className={s.stack}>
      <p className={s.muted}>Flags switch features on for a whole organisation. Every change is written to that organisation's audit log.</p>
      <OrgField id={`${id}-org`} value={orgId} onChange={setOrgId} />
      {flags.isPending ? <p className={s.muted}>Loading flags…</p> : null}
      {flags.isError ? (
        <p role="alert" className={s.error}>
          The flags could not be loaded: {flags.error.message}
        </p>
      ) : null}
      {setFlag.isError ? (
        <p role="alert" className={s.error}>
          The flag was not changed: {setFlag.error.message}
        </p>
      ) : null}
      {flags.data ? (
        <ul className={s.flagList} aria-label={`Feature flags of ${orgName}`}>
          {flags.data.flags.map((flag) => {
            const shown = asked && asked.orgId === orgId && asked.name === flag.name ? asked : null;
            const pending = shown !== null || (setFlag.isPending && setFlag.variables?.name === flag.name && setFlag.variables.org_id === orgId);
            return (
              <li key={flag.name} className={s.flagRow}>
                <label htmlFor={`${id}-${flag.name}`} className={s.flagName}>
                  {flag.name}
                </label>
                <input
                  id={`${id}-${flag.name}`}
                  type="checkbox"
                  role="switch"
                  className={switchInput}
                  checked={shown ? shown.enabled : pending ? setFlag.variables!.enabled : flag.enabled}
                  disabled={pending}
                  onChange={(e) => {
                    const enabled = e.target.checked;
                    setAsked({ orgId, name: flag.name, enabled });
                    setFlag.mutate({ org_id: orgId, name: flag.name, enabled }, { onSettled: () => setAsked(null) });
                  }}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
