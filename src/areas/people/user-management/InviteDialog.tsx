// Invite an agent: name, work email and teams. The server creates the agent with the Agent preset
// and mails them a sign-in link; a refusal keeps what was typed.
import { useId, useState, type FormEvent } from 'react';
import { useAgent } from '../../../app/auth/auth-context';
import { useToast } from '../../../app/toasts/toast-context';
import { hasPermission } from '../../../lib/permissions';
import * as d from '../../../ui/dialog.styles';
import { describedBy, Field } from '../../../ui/FormField';
import { useInviteAgentMutation } from '../../../api/people/mutations';
import { useTeamsQuery } from '../../../api/teams/queries';
import { isEmail } from '../people.utils';
import * as s from '../people.styles';
import { DialogActions } from '../../../ui/DialogActions';
import { Modal } from '../../../ui/Modal';

export function InviteDialog({ onClose }: { onClose: () => void }) {
  const me = useAgent();
  const invite = useInviteAgentMutation();
  const teams = useTeamsQuery({ enabled: hasPermission(me, 'read_teams') });
  const toast = useToast();
  const uid = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [teamIds, setTeamIds] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const nameError = tried && !name.trim() ? 'Name is required.' : null;
  const emailError = tried ? (!email.trim() ? 'Work email is required.' : !isEmail(email) ? 'Please enter a valid email.' : null) : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!name.trim() || !isEmail(email)) return;
    invite.mutate(
      { full_name: name.trim(), email: email.trim(), team_ids: teamIds },
      {
        onSuccess: (agent) => {
          toast.show({ message: `Invitation sent to ${agent.email}.`, type: 'Success' });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      onClose={onClose}
      title="Invite agent"
      description="They get the Agent preset and an email with a sign-in link valid for 7 days. Change their permissions afterwards from their profile."
    >
      <form className={d.form} onSubmit={submit} noValidate>
        <Field id={`${uid}-name`} label="Full name" error={nameError}>
          <input
            id={`${uid}-name`}
            className={d.input}
            value={name}
            maxLength={200}
            aria-invalid={Boolean(nameError)}
            aria-describedby={describedBy(`${uid}-name`, nameError, false)}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
        <Field id={`${uid}-email`} label="Work email" error={emailError}>
          <input
            id={`${uid}-email`}
            type="email"
            className={d.input}
            value={email}
            maxLength={254}
            aria-invalid={Boolean(emailError)}
            aria-describedby={describedBy(`${uid}-email`, emailError, false)}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        {teams.data?.length ? (
          <fieldset className={s.fieldset}>
            <legend className={d.label}>
              Teams <span className={d.optional}>(optional)</span>
            </legend>
            <div className={s.checkList}>
              {teams.data.map((t) => (
                <label key={t.id} className={s.checkRow}>
                  <input
                    type="checkbox"
                    checked={teamIds.includes(t.id)}
                    onChange={(e) => setTeamIds(e.target.checked ? [...teamIds, t.id] : teamIds.filter((x) => x !== t.id))}
                  />
                  {t.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {invite.isError ? (
          <p className={d.formError} role="alert">
            {invite.error.message}
          </p>
        ) : null}
        <DialogActions action={'Send invitation'} busy={invite.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
