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
  const flip = (list: number[], item: number, on: boolean) => (on ? [...list, item] : list.filter((a) => a !== item));
  return (
    <fieldset className={s.fieldset} aria-describedby={`${id}-note`}>
      <legend className={s.legend}>Read access</legend>
      <p id={`${id}-note`} className={s.note}>
        Agents and teams who may read this field in clear.
      </p>
      {!canListTeams ? (
        <p className={s.note}>{teamIds.length === 1 ? '1 team has access.' : `${teamIds.length} teams have access.`}</p>
      ) : (
        <div className={s.scrollBox} role="group" aria-label="Teams with read access">
          {(teams.data ?? []).map((t) => (
            <label key={t.id} className={s.checkRow}>
              <input
                type="checkbox"
                checked={teamIds.includes(t.id)}
                disabled={disabled}
                onChange={(e) =>
                  onChange({
                    agentIds,
                    teamIds: flip(teamIds, t.id, e.target.checked),
                  })
                }
              />
              {t.name}
            </label>
          ))}
          {teams.data && !teams.data.length ? <p className={s.note}>No teams yet.</p> : null}
        </div>
      )}
      {!canList ? (
        <p className={s.note}>{agentIds.length === 1 ? '1 agent has access.' : `${agentIds.length} agents have access.`}</p>
      ) : (
        <div className={s.scrollBox} role="group" aria-label="Agents with read access">
          {(agents.data ?? []).map((a) => (
            <label key={a.id} className={s.checkRow}>
              <input
                type="checkbox"
                checked={agentIds.includes(a.id)}
                disabled={disabled}
                onChange={(e) =>
                  onChange({
                    teamIds,
                    agentIds: flip(agentIds, a.id, e.target.checked),
                  })
                }
              />
              {a.full_name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
