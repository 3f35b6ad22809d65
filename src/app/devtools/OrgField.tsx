// The organisation a developer tool looks at: the agent's own, or another it can reach (GET
// /api/orgs/list); the agent's own is offered even before the list arrives.
import { useOrgsQuery } from '../../api/orgs/queries';
import * as d from '../../ui/dialog.styles';
import { Field } from '../../ui/FormField';
import { useAgent } from '../auth/auth-context';
import { Options } from '../../ui/Options';

export function OrgField({ id, value, onChange }: { id: string; value: number; onChange: (orgId: number) => void }) {
  const agent = useAgent();
  const orgs = useOrgsQuery(true);
  return (
    <Field id={id} label="Organization">
      <select id={id} className={d.select} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {!orgs.data?.some((o) => o.id === agent.org.id) ? <option value={agent.org.id}>{agent.org.display_name}</option> : null}
        <Options items={orgs.data ?? []} value={(org) => org.id} label={(org) => org.display_name} />
      </select>
    </Field>
  );
}
