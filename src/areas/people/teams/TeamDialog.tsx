// Create or edit a team: name (required, "Team name is required."), description, agents and
// allowed tags. The server repeats the name check; a refusal keeps what was typed.
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useTagsQuery } from '../../../api/tags/queries';
import { useToast } from '../../../app/toasts/toast-context';
import * as d from '../../../ui/dialog.styles';
import { describedBy, Field } from '../../../ui/FormField';
import { useCreateTeamMutation, useUpdateTeamMutation } from '../../../api/teams/mutations';
import { useManagedAgentsQuery } from '../../../api/people/queries';
import { type Team } from '../../../api/teams/queries';
import { teamBody, teamNameError, type TeamDraft } from './team-form';
import * as s from '../people.styles';
import { DialogActions } from '../../../ui/DialogActions';
import { Modal } from '../../../ui/Modal';

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

/** Without `team` it creates one (and opens its page); with it, it edits that team. */
export function TeamDialog({ team, onClose }: { team?: Team; onClose: () => void }) {
  const created = useCreateTeamMutation();
  const updated = useUpdateTeamMutation(team?.id ?? 0);
  const save = team ? updated : created;
  const agents = useManagedAgentsQuery();
  const tags = useTagsQuery();
  const toast = useToast();
  const [, navigate] = useLocation();
  const uid = useId();
  const [draft, setDraft] = useState<TeamDraft>(
    team
      ? { name: team.name, description: team.description ?? '', agentIds: team.agent_ids, allowedTags: team.allowed_tags }
      : { name: '', description: '', agentIds: [], allowedTags: [] },
  );
  const [tried, setTried] = useState(false);
  const nameError = tried ? teamNameError(draft.name) : null;
  const serverNameError = save.error instanceof ApiError ? (save.error.details.find((x) => x.path === 'body/name')?.message ?? null) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (teamNameError(draft.name)) return;
    save.mutate(teamBody(draft), {
      onSuccess: (saved) => {
        toast.show({ message: team ? `Team ${saved.name} saved.` : `Team ${saved.name} created.`, type: 'Success' });
        onClose();
        if (!team) navigate(`/teams/${saved.id}`);
      },
    });
  };

  const shownNameError = nameError ?? serverNameError;
  return (
    <Modal onClose={onClose} title={team ? 'Edit team' : 'Create team'}>
      <form className={d.form} onSubmit={submit} noValidate>
        <Field id={`${uid}-name`} label="Team name" error={shownNameError}>
          <input
            id={`${uid}-name`}
            className={d.input}
            value={draft.name}
            maxLength={120}
            aria-invalid={Boolean(shownNameError)}
            aria-describedby={describedBy(`${uid}-name`, shownNameError, false)}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
        </Field>
        <div className={d.field}>
          <label className={d.label} htmlFor={`${uid}-description`}>
            Description <span className={d.optional}>(optional)</span>
          </label>
          <textarea
            id={`${uid}-description`}
            className={d.textarea}
            value={draft.description}
            maxLength={2000}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        </div>
        <fieldset className={s.fieldset}>
          <legend className={d.label}>Agents</legend>
          <div className={s.checkList}>
            {(agents.data ?? [])
              .filter((a) => a.status === 'active' || team?.agent_ids.includes(a.id))
              .map((a) => (
                <label key={a.id} className={s.checkRow}>
                  <input
                    type="checkbox"
                    checked={draft.agentIds.includes(a.id)}
                    onChange={(e) => setDraft({ ...draft, agentIds: toggle(draft.agentIds, a.id, e.target.checked) })}
                  />
                  {a.full_name}
                </label>
              ))}
          </div>
        </fieldset>
        <fieldset className={s.fieldset}>
          <legend className={d.label}>
            Allowed tags <span className={d.optional}>(optional)</span>
          </legend>
          <div className={s.checkList}>
            {(tags.data ?? []).map((t) => (
              <label key={t.id} className={s.checkRow}>
                <input
                  type="checkbox"
                  checked={draft.allowedTags.includes(t.title)}
                  onChange={(e) => setDraft({ ...draft, allowedTags: toggle(draft.allowedTags, t.title, e.target.checked) })}
                />
                {t.title}
              </label>
            ))}
          </div>
        </fieldset>
        {save.isError && !serverNameError ? (
          <p className={d.formError} role="alert">
            {save.error.message}
          </p>
        ) : null}
        <DialogActions action={team ? 'Save team' : 'Create team'} busy={save.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
