// The impersonation form (spec part 1, sections 5 and 8), driven by machines/impersonation.machine.ts:
// Organization, Agent to impersonate, Impersonation reason and the fields the reason asks for.
// Messages show after the first submit and follow every change; a refusal keeps what was typed.
import { Dialog } from '@ark-ui/react/dialog';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, type FormEvent } from 'react';
import {
  fieldsForReason,
  IMPERSONATION_REASONS,
  impersonationErrors,
  type ImpersonationField,
  type ImpersonationReason,
  type ImpersonationTextField,
} from '../../../machines/impersonation.machine';
import { useOrgAgentsQuery, useOrgsQuery } from '../../api/orgs/queries';
import type { CurrentAgent } from '../../lib/permissions';
import * as d from '../../ui/dialog.styles';
import { button } from '../../ui/recipes';
import { impersonableAgents } from './impersonation.utils';
import { useImpersonationActor } from './use-impersonation';
import { Modal } from '../../ui/Modal';
import { Field } from '../../ui/FormField';
import { Options } from '../../ui/Options';

const TEXT_LABELS: Record<ImpersonationTextField, string> = {
  supportTicketId: 'Support ticket ID',
  details: 'Details',
  changeDetails: 'Details of changes',
  screenShareDetails: 'Screen share details',
};

export function ImpersonationDialog({ agent, open, onClose }: { agent: CurrentAgent; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose}>
      <ImpersonationForm agent={agent} onClose={onClose} />
    </Modal>
  );
}

function ImpersonationForm({ agent, onClose }: { agent: CurrentAgent; onClose: () => void }) {
  const id = useId();
  const actor = useImpersonationActor(null);
  const form = useSelector(actor, (s) => s.context.form);
  const submitted = useSelector(actor, (s) => s.context.submitted);
  const failure = useSelector(actor, (s) => s.context.failure);
  const busy = useSelector(actor, (s) => !s.matches({ form: 'editing' }));
  const orgs = useOrgsQuery(true);
  const agents = useOrgAgentsQuery(form.orgId);
  const choices = useMemo(() => (agents.data ? impersonableAgents(agents.data, agent.id) : []), [agents.data, agent.id]);
  const errors = submitted ? impersonationErrors(form) : {};
  const firstField = useRef<HTMLSelectElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'form.submit' });
    // the first field with a message takes the focus, so a keyboard user lands on it
    const missing = Object.keys(impersonationErrors(actor.getSnapshot().context.form))[0];
    if (missing && actor.getSnapshot().matches({ form: 'editing' })) document.getElementById(`${id}-${missing}`)?.focus();
  };

  const describedBy = (field: ImpersonationField) => (errors[field] ? `${id}-${field}-error` : undefined);
  const message = (field: ImpersonationField) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} className={d.fieldError}>
        {errors[field]}
      </span>
    ) : null;

  return (
    <>
      <Dialog.Title className={d.title}>Impersonate an agent</Dialog.Title>
      <Dialog.Description className={d.description}>
        You will act as the agent, with their permissions only, until you cancel. Everything you do is recorded in their organisation's audit log under both
        names.
      </Dialog.Description>
      <form className={d.form} onSubmit={submit} noValidate aria-busy={busy}>
        <Field id={`${id}-orgId`} label="Organization">
          <select
            id={`${id}-orgId`}
            ref={firstField}
            className={d.select}
            value={form.orgId ?? ''}
            disabled={busy}
            aria-invalid={Boolean(errors.orgId)}
            aria-describedby={describedBy('orgId')}
            onChange={(e) => actor.send({ type: 'org.select', orgId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{orgs.isPending ? 'Loading organisations…' : 'Choose an organisation'}</option>
            <Options items={orgs.data ?? []} value={(org) => org.id} label={(org) => org.display_name} />
          </select>
          {message('orgId')}
        </Field>
        <Field id={`${id}-agentId`} label="Agent to impersonate">
          <select
            id={`${id}-agentId`}
            className={d.select}
            value={form.agentId ?? ''}
            disabled={busy || form.orgId === null}
            aria-invalid={Boolean(errors.agentId)}
            aria-describedby={describedBy('agentId') ?? `${id}-agentId-hint`}
            onChange={(e) => actor.send({ type: 'agent.select', agentId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">{form.orgId === null ? 'Choose an organisation first' : agents.isPending ? 'Loading agents…' : 'Choose an agent'}</option>
            {choices.map((a) => (
              <option key={a.id} value={a.id}>
                {a.full_name} ({a.email})
              </option>
            ))}
          </select>
          {message('agentId') ?? (
            <span id={`${id}-agentId-hint`} className={d.hint}>
              {agents.isError ? 'The agents could not be loaded.' : 'Active agents who can sign in, other than you.'}
            </span>
          )}
        </Field>
        <Field id={`${id}-reason`} label="Impersonation reason">
          <select
            id={`${id}-reason`}
            className={d.select}
            value={form.reason ?? ''}
            disabled={busy}
            aria-invalid={Boolean(errors.reason)}
            aria-describedby={describedBy('reason')}
            onChange={(e) => actor.send({ type: 'reason.select', reason: (e.target.value || null) as ImpersonationReason | null })}
          >
            <option value="">Choose a reason</option>
            <Options items={IMPERSONATION_REASONS} value={(reason) => reason} label={(reason) => reason} />
          </select>
          {message('reason')}
        </Field>
        {fieldsForReason(form.reason).map((field) => {
          const Control = field === 'supportTicketId' ? 'input' : 'textarea';
          return (
            <div key={field} className={d.field}>
              <label className={d.label} htmlFor={`${id}-${field}`}>
                {TEXT_LABELS[field]}
              </label>
              <Control
                id={`${id}-${field}`}
                className={field === 'supportTicketId' ? d.input : d.textarea}
                value={form[field]}
                maxLength={field === 'supportTicketId' ? 255 : 4000}
                disabled={busy}
                required
                aria-invalid={Boolean(errors[field])}
                aria-describedby={describedBy(field)}
                onChange={(e) => actor.send({ type: 'field.change', field, value: e.target.value })}
              />
              {message(field)}
            </div>
          );
        })}
        {failure ? (
          <p role="alert" className={d.formError}>
            {failure}
          </p>
        ) : null}
        <div className={d.actions}>
          <button type="button" className={button({ variant: 'secondary' })} onClick={onClose} disabled={busy}>
            Close
          </button>
          <button type="submit" className={button({ variant: 'primary' })} disabled={busy}>
            {busy ? 'Starting…' : 'Start impersonation'}
          </button>
        </div>
      </form>
    </>
  );
}
