// "Silence a rule" on the entity's Rule Silencing tab: one rule or every rule, when the silence ends
// (in 30 or 90 days, in a year, at a date and time, or never) and why. The form checks what it can
// once a save was tried; the server decides, and its refusals show at their fields. A refused save
// keeps everything typed.
import { useId, useState, type FormEvent } from 'react';
import { useCreateRuleSilenceMutation } from '../../../../api/rules/mutations';
import { useRulesQuery, type Rule } from '../../../../api/rules/queries';
import { useToast } from '../../../../app/toasts/toast-context';
import type { Entity } from '../../../../api/entities/queries';
import * as d from '../../../../ui/dialog.styles';
import { DialogActions } from '../../../../ui/DialogActions';
import { describedBy, Field } from '../../../../ui/FormField';
import { Modal } from '../../../../ui/Modal';
import {
  ALL_RULES,
  DEFAULT_SILENCE_END,
  serverSilenceErrors,
  SILENCE_ENDS,
  silenceErrors,
  silenceExpiry,
  type SilenceDraft,
  type SilenceEnd,
  type SilenceErrors,
} from './silence-form';

const ALL_STATUSES = { statuses: [], queueId: null, q: '' };

const STATUS_NOTE: Partial<Record<Rule['status'], string>> = { ACTIVE_SHADOW: ' (shadow)', DRAFT: ' (draft)' };

/** The rules that may be silenced: every rule but an archived one, by title. */
function silenceable(rules: readonly Rule[]): Rule[] {
  return rules.filter((r) => r.status !== 'ARCHIVED').sort((a, b) => a.title.localeCompare(b.title));
}

export function SilenceRuleDialog({ entity, onClose }: { entity: Pick<Entity, 'id' | 'name_readable'>; onClose: () => void }) {
  const uid = useId();
  const toast = useToast();
  const rules = useRulesQuery(ALL_STATUSES);
  const create = useCreateRuleSilenceMutation(entity.id);
  const [draft, setDraft] = useState<SilenceDraft>({ ruleId: '', end: DEFAULT_SILENCE_END, at: '', reason: '' });
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<{ fields: SilenceErrors; message: string | null }>({ fields: {}, message: null });

  const own = tried ? silenceErrors(draft) : {};
  const errors: SilenceErrors = { rule: server.fields.rule, end: own.end ?? server.fields.end, reason: own.reason ?? server.fields.reason };
  const change = (next: Partial<SilenceDraft>, field: keyof SilenceErrors) => {
    setDraft((current) => ({ ...current, ...next }));
    // a field changed is no longer what the server refused
    setServer((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setTried(true);
    const found = silenceErrors(draft);
    if (found.reason || found.end) {
      document.getElementById(found.end ? `${uid}-${draft.end === 'at' ? 'at' : 'end'}` : `${uid}-reason`)?.focus();
      return;
    }
    const expiry = silenceExpiry(draft);
    if ('error' in expiry) return;
    setServer({ fields: {}, message: null });
    create.mutate(
      { rule_id: draft.ruleId ? Number(draft.ruleId) : null, reason: draft.reason.trim(), expires_at: expiry.expiresAt },
      {
        onSuccess: (silence) => {
          toast.show({ message: `${silence.rule?.title ?? ALL_RULES} silenced for ${entity.name_readable}.`, type: 'Success' });
          onClose();
        },
        onError: (error) => setServer(serverSilenceErrors(error)),
      },
    );
  };

  const options = silenceable(rules.data?.rules ?? []);
  return (
    <Modal
      onClose={onClose}
      title="Silence a rule"
      description={`While the silence is in force the rule raises no alert for ${entity.name_readable}; its hits are still recorded and shown as silenced.`}
    >
      <form className={d.form} onSubmit={submit} noValidate>
        <Field
          id={`${uid}-rule`}
          label="Rule"
          error={errors.rule}
          hint={rules.isError ? 'The rules could not be loaded; only all rules can be chosen.' : undefined}
        >
          <select
            id={`${uid}-rule`}
            className={d.select}
            value={draft.ruleId}
            aria-invalid={Boolean(errors.rule)}
            aria-describedby={describedBy(`${uid}-rule`, errors.rule, rules.isError)}
            onChange={(e) => change({ ruleId: e.target.value }, 'rule')}
          >
            <option value="">{ALL_RULES}</option>
            {options.map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
                {STATUS_NOTE[r.status] ?? ''}
              </option>
            ))}
          </select>
        </Field>
        <div className={d.row}>
          <Field id={`${uid}-end`} label="Ends" error={draft.end === 'at' ? undefined : errors.end}>
            <select
              id={`${uid}-end`}
              className={d.select}
              value={draft.end}
              aria-invalid={draft.end !== 'at' && Boolean(errors.end)}
              aria-describedby={describedBy(`${uid}-end`, draft.end === 'at' ? undefined : errors.end, false)}
              onChange={(e) => change({ end: e.target.value as SilenceEnd }, 'end')}
            >
              {SILENCE_ENDS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          {draft.end === 'at' ? (
            <Field id={`${uid}-at`} label="End date and time" error={errors.end}>
              <input
                id={`${uid}-at`}
                type="datetime-local"
                className={d.input}
                value={draft.at}
                aria-invalid={Boolean(errors.end)}
                aria-describedby={describedBy(`${uid}-at`, errors.end, false)}
                onChange={(e) => change({ at: e.target.value }, 'end')}
              />
            </Field>
          ) : null}
        </div>
        <Field id={`${uid}-reason`} label="Reason" error={errors.reason} hint="Why this customer's alerts from the rule are not needed, for the audit trail.">
          <textarea
            id={`${uid}-reason`}
            className={d.textarea}
            value={draft.reason}
            maxLength={2000}
            required
            aria-invalid={Boolean(errors.reason)}
            aria-describedby={describedBy(`${uid}-reason`, errors.reason)}
            onChange={(e) => change({ reason: e.target.value }, 'reason')}
          />
        </Field>
        {server.message ? (
          <p className={d.formError} role="alert">
            {server.message}
          </p>
        ) : null}
        <DialogActions action={create.isPending ? 'Silencing…' : 'Silence'} busy={create.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
