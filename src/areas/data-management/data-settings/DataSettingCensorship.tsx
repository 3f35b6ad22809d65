// The Data Setting panel's censorship section: the censorship choice and, for a censored setting,
// the agents and teams who may read it in clear. The choice and the pickers need edit_censorship;
// the read lists need read_censorship (the server leaves them out of its answers without it).
import { useId } from 'react';
import { useTeamsQuery } from '../../../api/teams/queries';
import { useAgentsQuery } from '../../../api/agents/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import * as d from '../../../ui/dialog.styles';
import { CENSORSHIP_LABELS, type Censorship } from './data-setting.constants';
import { describedBy, Field } from '../../../ui/FormField';
import { FIELD_IDS, type DataSettingFormModel } from './use-data-setting-form';
import * as s from './data-settings.styles';

/** Alert settings are always visible; any other censored setting shows who may read it. */
export function CensorshipSection({ m }: { m: DataSettingFormModel }) {
  const { form, set, locks, errors, censorshipAccess } = m;
  return (
    <>
      {censorshipAccess.edit ? (
        <Field
          id={FIELD_IDS.censorship}
          label="Censorship"
          error={errors.censorship}
          hint={form.classifier === 'alert' ? 'Alert data settings are always visible.' : undefined}
        >
          <select
            id={FIELD_IDS.censorship}
            className={d.select}
            value={form.classifier === 'alert' ? 'always_visible' : form.censorship}
            disabled={form.classifier === 'alert'}
            aria-invalid={Boolean(errors.censorship)}
            aria-describedby={describedBy(FIELD_IDS.censorship, errors.censorship)}
            onChange={(e) => set('censorship', e.target.value as Censorship)}
          >
            {[...new Set([...m.censorships, form.censorship])].map((c) => (
              <option key={c} value={c} disabled={!m.censorships.includes(c)}>
                {CENSORSHIP_LABELS[c]}
              </option>
            ))}
          </select>
        </Field>
      ) : errors.censorship ? (
        // the choice is hidden, but a type that no longer fits it (encrypted needs text) still says why
        <p id={FIELD_IDS.censorship} tabIndex={-1} role="alert" className={d.fieldError}>
          {errors.censorship}
        </p>
      ) : null}
      {censorshipAccess.read && form.classifier !== 'alert' && form.censorship !== 'always_visible' ? (
        <ReadAccessField
          agentIds={form.agentIds}
          teamIds={form.teamIds}
          disabled={locks.all || !censorshipAccess.edit}
          onChange={(next) => {
            set('agentIds', next.agentIds);
            set('teamIds', next.teamIds);
          }}
        />
      ) : null}
    </>
  );
}

/** Agents and teams granted read access to a censored setting (a team grant covers its members). */
function ReadAccessField({
  agentIds,
  teamIds,
  onChange,
  disabled,
}: {
  agentIds: number[];
  teamIds: number[];
  onChange: (next: { agentIds: number[]; teamIds: number[] }) => void;
  disabled: boolean;
}) {
  const me = useAgent();
  const id = useId();
  const canList = hasPermission(me, 'read_agents') || hasPermission(me, 'read_assignments');
  const canListTeams = hasPermission(me, 'read_teams');
  const agents = useAgentsQuery({ enabled: canList });
  const teams = useTeamsQuery({ enabled: canListTeams });
  return (
    <fieldset className={s.fieldset} aria-describedby={`${id}-note`}>
      <legend className={s.legend}>Read access</legend>
      <p id={`${id}-note`} className={s.note}>
        Agents and teams who may read this field in clear.
      </p>
      <AccessList
        noun="team"
        canList={canListTeams}
        options={teams.data?.map((t) => ({ id: t.id, name: t.name }))}
        chosen={teamIds}
        disabled={disabled}
        onChosen={(next) => onChange({ agentIds, teamIds: next })}
        empty="No teams yet."
      />
      <AccessList
        noun="agent"
        canList={canList}
        options={agents.data?.map((a) => ({ id: a.id, name: a.full_name }))}
        chosen={agentIds}
        disabled={disabled}
        onChosen={(next) => onChange({ teamIds, agentIds: next })}
      />
    </fieldset>
  );
}

interface AccessListProps {
  /** Who: "team" or "agent". */
  noun: string;
  /** Whether the agent may list who could have access; without, only how many have it is said. */
  canList: boolean;
  options: readonly { id: number; name: string }[] | undefined;
  chosen: number[];
  disabled: boolean;
  onChosen: (next: number[]) => void;
  /** Said in the list when there is no one to choose. */
  empty?: string;
}

/** The teams or the agents with read access: a checklist, or how many when the list is not the agent's to see. */
function AccessList({ noun, canList, options, chosen, disabled, onChosen, empty }: AccessListProps) {
  if (!canList) return <p className={s.note}>{chosen.length === 1 ? `1 ${noun} has access.` : `${chosen.length} ${noun}s have access.`}</p>;
  const flip = (item: number, on: boolean) => onChosen(on ? [...chosen, item] : chosen.filter((a) => a !== item));
  const label = `${noun.charAt(0).toUpperCase()}${noun.slice(1)}s with read access`;
  return (
    <div className={s.scrollBox} role="group" aria-label={label}>
      {(options ?? []).map((o) => (
        <label key={o.id} className={s.checkRow}>
          <input type="checkbox" checked={chosen.includes(o.id)} disabled={disabled} onChange={(e) => flip(o.id, e.target.checked)} />
          {o.name}
        </label>
      ))}
      {empty && options && !options.length ? <p className={s.note}>{empty}</p> : null}
    </div>
  );
}
