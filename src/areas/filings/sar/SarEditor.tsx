// The SAR's filing content as a form: the report, its activity and categories, its subjects, the IP
// addresses and the narrative. Each field shows what a refused save said of it, else what the last
// prefiling validation found (what FinCEN would reject or flag). Read-only (a disabled fieldset)
// when the SAR cannot change; usable by keyboard alone (native controls in the page's order).
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { SUSPICIOUS_ACTIVITY_SUBTYPES, SUSPICIOUS_ACTIVITY_TYPES, SUBJECT_RELATIONSHIPS, TIN_TYPE_LABELS } from '../../../../core/filings/fincen-codes';
import { useAgentsQuery } from '../../../api/agents/queries';
import type { FieldProblem } from '../../../api/filings/queries';
import { EditorActions, SubmitForm } from '../../../ui/Form';
import { describedBy, Field } from '../../../ui/FormField';
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import { Section } from '../../../ui/Section';
import { blankSubject, fieldId, type SarForm, type SubjectForm } from './sar.form';
import type { SarEditorState } from './use-sar-editor';

const s = {
  fieldset: css({ border: 'none', p: '0', m: '0', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '5' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr 1fr' }, gap: '4' }),
  subject: css({ layerStyle: 'surface', borderRadius: 'md', p: '4', display: 'flex', flexDirection: 'column', gap: '4' }),
  subjectHead: css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' }),
  subjectTitle: css({ fontWeight: 'semibold', fontSize: 'sm' }),
  categories: css({ columns: { base: 1, md: 2 }, columnGap: '6', '& > fieldset': { breakInside: 'avoid', mb: '3' } }),
  group: css({ border: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '1' }),
  legend: css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' }),
  check: css({ display: 'flex', gap: '2', alignItems: 'flex-start', fontSize: 'sm' }),
  warn: css({ color: 'warning' }),
  count: css({ color: 'muted', fontSize: 'xs' }),
};

/** What a field says under it: the save's refusal, else the validation's finding, else its hint. */
function said(error: string | undefined, problem: FieldProblem | undefined): { error: string | null; hint: ReactNode } {
  if (error) return { error, hint: null };
  if (problem)
    return problem.level === 'FATAL'
      ? { error: `FinCEN would reject this: ${problem.message}`, hint: null }
      : { error: null, hint: <span className={s.warn}>FinCEN would flag this: {problem.message}</span> };
  return { error: null, hint: null };
}

interface TextProps {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  editor: SarEditorState;
  problems: Record<string, FieldProblem>;
  type?: 'text' | 'date' | 'email' | 'tel';
  maxLength?: number;
  hint?: string;
}

function TextField({ path, label, value, onChange, editor, problems, type = 'text', maxLength, hint }: TextProps) {
  const id = fieldId(path);
  const shown = said(editor.errors[path], problems[path]);
  const shownHint = shown.hint ?? hint ?? null;
  return (
    <Field id={id} label={label} error={shown.error} hint={shownHint}>
      <input
        id={id}
        type={type}
        className={d.input}
        value={value}
        maxLength={maxLength}
        aria-invalid={shown.error ? true : undefined}
        aria-describedby={describedBy(id, shown.error, Boolean(shownHint))}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

function SubjectFields({
  subject,
  index,
  editor,
  problems,
  onRemove,
}: {
  subject: SubjectForm;
  index: number;
  editor: SarEditorState;
  problems: Record<string, FieldProblem>;
  onRemove: () => void;
}) {
  const path = (field: keyof SubjectForm) => `subjects[${index}].${field}`;
  const set = (field: keyof SubjectForm) => (value: string) =>
    editor.update((f) => ({ ...f, subjects: f.subjects.map((x, i) => (i === index ? { ...x, [field]: value } : x)) }), path(field));
  const field = (name: keyof SubjectForm, label: string, extra: Partial<TextProps> = {}) => (
    <TextField path={path(name)} label={label} value={String(subject[name] ?? '')} onChange={set(name)} editor={editor} problems={problems} {...extra} />
  );
  const organisation = subject.kind === 'ORGANIZATION';
  const kindId = fieldId(path('kind'));
  const tinTypeId = fieldId(path('tinType'));
  const relationId = fieldId(path('relationship'));
  const name = [subject.firstName, subject.lastOrLegalName].filter(Boolean).join(' ') || `Subject ${index + 1}`;
  return (
    <section className={s.subject} aria-label={`Subject ${index + 1}: ${name}`}>
      <div className={s.subjectHead}>
        <h3 className={s.subjectTitle}>
          Subject {index + 1}: {name}
        </h3>
        <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={onRemove}>
          Remove subject {index + 1}
        </button>
      </div>
      <div className={s.grid}>
        <Field id={kindId} label="Kind">
          <select id={kindId} className={d.select} value={subject.kind} onChange={(e) => set('kind')(e.target.value)}>
            <option value="INDIVIDUAL">Individual</option>
            <option value="ORGANIZATION">Organisation</option>
          </select>
        </Field>
        {field('lastOrLegalName', organisation ? 'Legal name' : 'Last name', { maxLength: 150 })}
        {organisation ? field('alternateName', 'Doing business as', { maxLength: 150 }) : field('firstName', 'First name', { maxLength: 35 })}
        {organisation ? null : field('middleName', 'Middle name', { maxLength: 35 })}
        <Field id={tinTypeId} label="TIN type">
          <select id={tinTypeId} className={d.select} value={subject.tinType} onChange={(e) => set('tinType')(e.target.value)}>
            <option value="">Unknown</option>
            {Object.entries(TIN_TYPE_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {field('tin', 'TIN', { maxLength: 25, hint: 'Digits only; leave empty when unknown.' })}
        {organisation ? null : field('dateOfBirth', 'Date of birth', { hint: 'YYYY-MM-DD; 00 for an unknown month or day.', maxLength: 10 })}
        {field('occupation', organisation ? 'Industry' : 'Occupation', { maxLength: 50 })}
        <Field id={relationId} label="Relationship to the institution">
          <select id={relationId} className={d.select} value={subject.relationship} onChange={(e) => set('relationship')(e.target.value)}>
            <option value="">Unknown</option>
            {SUBJECT_RELATIONSHIPS.map((r) => (
              <option key={r.code} value={r.code}>
                {r.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className={s.grid}>
        {field('street', 'Street address', { maxLength: 100 })}
        {field('city', 'City', { maxLength: 50 })}
        {field('state', 'State', { maxLength: 3, hint: 'Two letters, e.g. NJ.' })}
        {field('zip', 'ZIP or postal code', { maxLength: 9 })}
        {field('country', 'Country', { maxLength: 2, hint: 'Two letters, e.g. US.' })}
        {field('phone', 'Phone', { type: 'tel', maxLength: 16 })}
        {field('email', 'E-mail', { type: 'email', maxLength: 517 })}
      </div>
      <Field id={fieldId(path('accounts'))} label="Accounts involved" error={editor.errors[path('accounts')] ?? null} hint="One account number per line.">
        <textarea
          id={fieldId(path('accounts'))}
          className={d.textarea}
          value={subject.accounts}
          aria-describedby={describedBy(fieldId(path('accounts')), editor.errors[path('accounts')])}
          onChange={(e) => set('accounts')(e.target.value)}
        />
      </Field>
    </section>
  );
}

function Categories({ form, editor, problems }: { form: SarForm; editor: SarEditorState; problems: Record<string, FieldProblem> }) {
  const chosen = new Map(form.categories.map((c) => [c.subtype, c]));
  const toggle = (type: number, subtype: number, on: boolean) =>
    editor.update(
      (f) => ({
        ...f,
        categories: on
          ? [...f.categories, { type, subtype, other: '' }].sort((a, b) => a.subtype - b.subtype)
          : f.categories.filter((c) => c.subtype !== subtype),
      }),
      'categories',
    );
  const problem = said(editor.errors.categories, problems.categories);
  return (
    <Section id="sar-categories-section" title="Suspicious activity categories">
      {problem.error ? (
        <p id={fieldId('categories')} className={d.fieldError} tabIndex={-1}>
          {problem.error}
        </p>
      ) : null}
      <div className={s.categories}>
        {SUSPICIOUS_ACTIVITY_TYPES.map((type) => (
          <fieldset key={type.id} className={s.group}>
            <legend className={s.legend}>{type.label}</legend>
            {SUSPICIOUS_ACTIVITY_SUBTYPES.filter((sub) => sub.type === type.id).map((sub) => {
              const id = `sar-category-${sub.id}`;
              const current = chosen.get(sub.id);
              return (
                <div key={sub.id}>
                  <label className={s.check} htmlFor={id}>
                    <input id={id} type="checkbox" checked={Boolean(current)} onChange={(e) => toggle(type.id, sub.id, e.target.checked)} />
                    <span>{sub.label}</span>
                  </label>
                  {current && sub.other ? (
                    <input
                      aria-label={`${type.label}: other, described`}
                      className={d.input}
                      maxLength={50}
                      value={current.other}
                      onChange={(e) =>
                        editor.update((f) => ({ ...f, categories: f.categories.map((c) => (c.subtype === sub.id ? { ...c, other: e.target.value } : c)) }))
                      }
                    />
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
    </Section>
  );
}

export function SarEditor({ editor, readOnly, problems }: { editor: SarEditorState; readOnly: boolean; problems: Record<string, FieldProblem> }) {
  const { form } = editor;
  const agents = useAgentsQuery();
  const set = (field: keyof SarForm) => (value: string) => editor.update((f) => ({ ...f, [field]: value }), field);
  type TextKey = 'name' | 'priorBsaId' | 'activityStart' | 'activityEnd' | 'totalAmount';
  const text = (path: TextKey, label: string, extra: Partial<TextProps> = {}) => (
    <TextField path={path} label={label} value={form[path]} onChange={set(path)} editor={editor} problems={problems} {...extra} />
  );
  const narrative = said(editor.errors.narrative, problems.narrative);
  return (
    <SubmitForm label="SAR editor" onSubmit={editor.submit}>
      <fieldset className={s.fieldset} disabled={readOnly}>
        <Section id="sar-report-section" title="Report">
          <div className={s.grid}>
            {text('name', 'Name', { maxLength: 200 })}
            <Field id={fieldId('reviewerId')} label="Reviewer" error={editor.errors.reviewerId ?? null}>
              <select
                id={fieldId('reviewerId')}
                className={d.select}
                value={form.reviewerId}
                aria-invalid={editor.errors.reviewerId ? true : undefined}
                aria-describedby={describedBy(fieldId('reviewerId'), editor.errors.reviewerId, false)}
                onChange={(e) => set('reviewerId')(e.target.value)}
              >
                <option value="">No reviewer yet</option>
                {(agents.data ?? []).map((a) => (
                  <option key={a.id} value={String(a.id)}>
                    {a.full_name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={fieldId('filingType')} label="Filing type">
              <select id={fieldId('filingType')} className={d.select} value={form.filingType} onChange={(e) => set('filingType')(e.target.value)}>
                <option value="INITIAL">Initial report</option>
                <option value="CORRECT_AMEND">Correct or amend a prior report</option>
                <option value="CONTINUING">Continuing activity report</option>
              </select>
            </Field>
            {form.filingType === 'INITIAL' ? null : text('priorBsaId', 'Prior report’s BSA ID', { maxLength: 14 })}
          </div>
        </Section>
        <Section id="sar-activity-section" title="Activity">
          <div className={s.grid}>
            {text('activityStart', 'From', { type: 'date' })}
            {text('activityEnd', 'To', { type: 'date' })}
            {text('totalAmount', 'Total suspicious amount (USD)', { hint: 'Whole dollars are filed; leave empty when the amount is unknown.' })}
          </div>
        </Section>
        <Categories form={form} editor={editor} problems={problems} />
        <Section
          id="sar-subjects-section"
          title={`Subjects (${form.subjects.length})`}
          actions={
            <button
              type="button"
              className={button({ variant: 'secondary', size: 'sm' })}
              onClick={() => editor.update((f) => ({ ...f, subjects: [...f.subjects, blankSubject()] }))}
            >
              Add subject
            </button>
          }
        >
          {problems.subjects && !editor.errors.subjects ? <p className={d.fieldError}>FinCEN would reject this: {problems.subjects.message}</p> : null}
          {form.subjects.map((subject, i) => (
            <SubjectFields
              key={i}
              subject={subject}
              index={i}
              editor={editor}
              problems={problems}
              onRemove={() => editor.update((f) => ({ ...f, subjects: f.subjects.filter((_, j) => j !== i) }))}
            />
          ))}
        </Section>
        <Section id="sar-narrative-section" title="Narrative">
          <Field
            id={fieldId('narrative')}
            label="Narrative"
            error={narrative.error}
            hint={narrative.hint ?? <span className={s.count}>{form.narrative.length.toLocaleString('en-US')} of the 17,000 characters FinCEN takes</span>}
          >
            <textarea
              id={fieldId('narrative')}
              className={d.textarea}
              rows={12}
              maxLength={20000}
              value={form.narrative}
              aria-invalid={narrative.error ? true : undefined}
              aria-describedby={describedBy(fieldId('narrative'), narrative.error)}
              onChange={(e) => set('narrative')(e.target.value)}
            />
          </Field>
        </Section>
      </fieldset>
      {readOnly ? null : (
        <EditorActions error={editor.formError} dirty={editor.dirty} saving={editor.saving} saveLabel="Save SAR">
          {editor.dirty ? (
            <button type="button" className={button({ variant: 'ghost' })} onClick={editor.discard}>
              Discard changes
            </button>
          ) : null}
        </EditorActions>
      )}
    </SubmitForm>
  );
}
