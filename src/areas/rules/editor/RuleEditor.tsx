// The rule editor: the rule (title, description, queue), what it judges (event type and subject),
// its variables, its condition tree and the alert it raises (title template and score). For a live
// rule the definition is read-only to an agent without activate_live_rules, who may still change
// the title, description and queue. Everything is reachable and changed by keyboard alone.
import { Link } from 'wouter';
import * as d from '../../../ui/dialog.styles';
import { DescriptionField, EditorActions, SubmitForm } from '../../../ui/Form';
import { button } from '../../../ui/recipes';
import { Section } from '../../../ui/Section';
import { MAX_VARIABLES, RULE_EVENT_TYPES, RULE_SUBJECTS, TITLE_PLACEHOLDERS, type RuleEventType, type RuleSubject } from '../../../../core/rule-spec';
import type { DataSetting } from '../../../api/data-settings/queries';
import type { Queue } from '../../../api/queues/queries';
import { EVENT_TYPE_LABELS, SUBJECT_LABELS } from '../rules.constants';
import { ConditionEditor } from './ConditionEditor';
import { fieldId, RuleEditorContext, type RuleEditorApi } from './editor-context';
import * as s from './editor.styles';
import { PartError, SelectField, TextField } from './fields';
import { newVariable } from './rule.form';
import type { RuleEditorState } from './use-rule-editor';
import { SarCategoriesField } from './SarCategoriesField';
import { VariableEditor } from './VariableEditor';

interface Props {
  editor: RuleEditorState;
  queues: readonly Queue[];
  dataSettings: readonly DataSetting[];
  specLocked: boolean;
  /** where Cancel goes */
  cancelHref: string;
  saveLabel: string;
}

export function RuleEditor({ editor, queues, dataSettings, specLocked, cancelHref, saveLabel }: Props) {
  const { form, errors, update } = editor;
  const api: RuleEditorApi = { form, errors, update, specLocked, dataSettings };
  // a message that no field shows (an unknown part of the spec) stands above the actions
  const loose = errors[''];
  const descriptionId = fieldId('description');
  return (
    <RuleEditorContext.Provider value={api}>
      <SubmitForm label="Rule editor" onSubmit={editor.submit}>
        <Section id="rule-editor-rule" title="Rule">
          <div className={s.grid}>
            <TextField at="title" label="Title" value={form.title} onChange={(title) => update((f) => ({ ...f, title }), 'title')} />
            <SelectField
              at="queue_id"
              label="Queue"
              value={form.queueId}
              empty="No queue"
              options={queues.map((q) => ({ value: q.id, label: q.title }))}
              hint="Where the rule's alerts go."
              onChange={(queueId) => update((f) => ({ ...f, queueId }), 'queue_id')}
            />
          </div>
          <DescriptionField id={descriptionId} value={form.description} onChange={(description) => update((f) => ({ ...f, description }), 'description')} />
        </Section>
        {specLocked ? (
          <p className={s.note} role="note">
            This rule is live: changing what it detects needs the activate_live_rules permission. You can change its title, description and queue.
          </p>
        ) : null}
        <fieldset className={s.fieldset} disabled={specLocked}>
          <Section id="rule-editor-events" title="What it judges">
            <div className={s.grid}>
              <SelectField<RuleEventType>
                at="spec/event_type"
                label="Event type"
                value={form.eventType}
                options={RULE_EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }))}
                onChange={(eventType) => eventType && update((f) => ({ ...f, eventType }), 'spec/event_type')}
              />
              <SelectField<RuleSubject>
                at="spec/subject"
                label="Subject"
                value={form.subject}
                options={RULE_SUBJECTS.map((t) => ({ value: t, label: SUBJECT_LABELS[t] }))}
                hint="Whose events the variables read, and whom alerts are about."
                onChange={(subject) => subject && update((f) => ({ ...f, subject }), 'spec/subject')}
              />
            </div>
          </Section>
          {/* a save in error that names the variables as a whole focuses their section */}
          <div id={fieldId('spec/variables')} tabIndex={-1}>
            <Section id="rule-editor-variables" title="Variables">
              <p className={s.note}>Each variable is computed for the event judged, over a window of the subject's events ending at it.</p>
              <PartError at="spec/variables" />
              {form.variables.map((v, i) => (
                <VariableEditor key={v.key} index={i} />
              ))}
              {specLocked || form.variables.length >= MAX_VARIABLES ? null : (
                <div>
                  <button
                    type="button"
                    className={button()}
                    onClick={() => update((f) => ({ ...f, variables: [...f.variables, newVariable(f.variables.length + 1)] }), 'spec/variables')}
                  >
                    Add variable
                  </button>
                </div>
              )}
            </Section>
          </div>
          <Section id="rule-editor-condition" title="Condition">
            <p className={s.note}>The event fails the rule, and raises an alert, when the condition holds.</p>
            <ConditionEditor />
          </Section>
          <Section id="rule-editor-alert" title="Alert">
            <div className={s.grid}>
              <TextField
                at="spec/alert_title"
                label="Alert title"
                value={form.alertTitle}
                hint={`Placeholders: ${TITLE_PLACEHOLDERS.join(', ')}.`}
                onChange={(alertTitle) => update((f) => ({ ...f, alertTitle }), 'spec/alert_title')}
              />
              <TextField
                at="spec/score"
                label="Score"
                numeric
                maxLength={5}
                value={form.score}
                hint="A whole number from 0 to 100."
                onChange={(score) => update((f) => ({ ...f, score }), 'spec/score')}
              />
            </div>
            <SarCategoriesField value={form.sarCategories} onChange={(sarCategories) => update((f) => ({ ...f, sarCategories }), 'spec/sar_categories')} />
          </Section>
        </fieldset>
        {loose ? <p className={d.formError}>{loose}</p> : null}
        <EditorActions error={editor.formError} dirty={editor.dirty} saving={editor.saving} saveLabel={saveLabel}>
          <Link href={cancelHref} className={button({ variant: 'secondary' })}>
            Cancel
          </Link>
        </EditorActions>
      </SubmitForm>
    </RuleEditorContext.Provider>
  );
}
