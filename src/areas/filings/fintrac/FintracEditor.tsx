// A FINTRAC report's content as a form: the report (name, reviewer), for an STR the details of
// suspicion (with its count against FINTRAC's 10,000 characters) and the action taken, the subjects
// (person or entity: names, date of birth, occupation, address with province and postal code, phone,
// identification, accounts) and the transactions: those written from Vigil's transactions are shown
// as they are and can only be removed, typed lines are edited in place. For an LCTR the
// transactions are the cash receipts. Each field shows what a refused save said of it, else what
// the last prefiling validation or FINTRAC found. Read-only (a disabled fieldset) when the report
// cannot change; usable by keyboard alone (native controls in the page's order).
import type { ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { useAgentsQuery } from '../../../api/agents/queries';
import type { FieldProblem } from '../../../api/filings/queries';
import type { FintracReport } from '../../../api/filings/fintrac';
import { longTime } from '../../../lib/time';
import { EditorActions, SubmitForm } from '../../../ui/Form';
import { describedBy, Field } from '../../../ui/FormField';
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import { Section } from '../../../ui/Section';
import { tableParts as tp } from '../../../ui/table.recipes';
import {
  ACTION_TAKEN_LIMIT,
  blankSubject,
  blankTransaction,
  FUNDS_TYPE_LABELS,
  fintracFieldId,
  ID_TYPE_LABELS,
  METHOD_LABELS,
  SUSPICION_LIMIT,
  type FintracForm,
  type FintracSubjectForm,
  type FintracTransactionForm,
} from './fintrac.form';
import type { FintracEditorState } from './use-fintrac-editor';

const s = {
  fieldset: css({ border: 'none', p: '0', m: '0', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '5' }),
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr 1fr' }, gap: '4' }),
  card: css({ layerStyle: 'surface', borderRadius: 'md', p: '4', display: 'flex', flexDirection: 'column', gap: '4' }),
  cardHead: css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2' }),
  cardTitle: css({ fontWeight: 'semibold', fontSize: 'sm' }),
  check: css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' }),
  warn: css({ color: 'warning' }),
  over: css({ color: 'danger', fontWeight: 'medium' }),
  count: css({ color: 'muted', fontSize: 'xs' }),
  muted: css({ color: 'muted', fontSize: 'sm' }),
};

type Problems = Record<string, FieldProblem>;

/** What a field says under it: the save's refusal, else the validation's finding, else its hint. */
function said(error: string | undefined, problem: FieldProblem | undefined): { error: string | null; hint: ReactNode } {
  if (error) return { error, hint: null };
  if (problem)
    return problem.level === 'FATAL'
      ? { error: `FINTRAC would reject this: ${problem.message}`, hint: null }
      : { error: null, hint: <span className={s.warn}>FINTRAC would flag this: {problem.message}</span> };
  return { error: null, hint: null };
}

interface TextProps {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  editor: FintracEditorState;
  problems: Problems;
  type?: 'text' | 'date' | 'tel' | 'datetime-local';
  maxLength?: number;
  hint?: string;
  inputMode?: 'decimal';
}

function TextField({ path, label, value, onChange, editor, problems, type = 'text', maxLength, hint, inputMode }: TextProps) {
  const id = fintracFieldId(path);
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
        inputMode={inputMode}
        aria-invalid={shown.error ? true : undefined}
        aria-describedby={describedBy(id, shown.error, Boolean(shownHint))}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

function SelectField<T extends string>({
  path,
  label,
  value,
  options,
  onChange,
  editor,
  problems,
}: {
  path: string;
  label: string;
  value: T | '';
  options: Array<{ value: T | ''; label: string }>;
  onChange: (value: T) => void;
  editor: FintracEditorState;
  problems: Problems;
}) {
  const id = fintracFieldId(path);
  const shown = said(editor.errors[path], problems[path]);
  return (
    <Field id={id} label={label} error={shown.error} hint={shown.hint}>
      <select
        id={id}
        className={d.select}
        value={value}
        aria-invalid={shown.error ? true : undefined}
        aria-describedby={describedBy(id, shown.error, Boolean(shown.hint))}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A long text's count stands under it whatever else the field says; the control names both. */
const countId = (path: string) => `${fintracFieldId(path)}-count`;
const withCount = (describedBy: string | undefined, path: string) => [describedBy, countId(path)].filter(Boolean).join(' ');

const options = <T extends string>(labels: Record<T, string>) => (Object.entries(labels) as Array<[T, string]>).map(([value, label]) => ({ value, label }));

function SubjectFields({ subject, index, editor, problems }: { subject: FintracSubjectForm; index: number; editor: FintracEditorState; problems: Problems }) {
  const path = (field: keyof FintracSubjectForm) => `subjects[${index}].${field}`;
  const set = (field: keyof FintracSubjectForm) => (value: string) =>
    editor.update((f) => ({ ...f, subjects: f.subjects.map((x, i) => (i === index ? { ...x, [field]: value } : x)) }), path(field));
  const field = (name: keyof FintracSubjectForm, label: string, extra: Partial<TextProps> = {}) => (
    <TextField path={path(name)} label={label} value={String(subject[name] ?? '')} onChange={set(name)} editor={editor} problems={problems} {...extra} />
  );
  const person = subject.kind === 'PERSON';
  const name = (person ? [subject.givenName, subject.surnameOrName] : [subject.surnameOrName]).filter(Boolean).join(' ') || `Subject ${index + 1}`;
  const accountsId = fintracFieldId(path('accounts'));
  const accounts = said(editor.errors[path('accounts')], problems[path('accounts')]);
  const subjectProblem = said(undefined, problems[`subjects[${index}]`]);
  return (
    <section className={s.card} aria-label={`Subject ${index + 1}: ${name}`}>
      <div className={s.cardHead}>
        <h3 className={s.cardTitle}>
          Subject {index + 1}: {name}
        </h3>
        <button
          type="button"
          className={button({ variant: 'ghost', size: 'sm' })}
          onClick={() => editor.update((f) => ({ ...f, subjects: f.subjects.filter((_, j) => j !== index) }))}
        >
          Remove subject {index + 1}
        </button>
      </div>
      {subjectProblem.error ? <p className={d.fieldError}>{subjectProblem.error}</p> : subjectProblem.hint ? <p>{subjectProblem.hint}</p> : null}
      <div className={s.grid}>
        <SelectField
          path={path('kind')}
          label="Kind"
          value={subject.kind}
          options={[
            { value: 'PERSON', label: 'Person' },
            { value: 'ENTITY', label: 'Entity' },
          ]}
          onChange={set('kind')}
          editor={editor}
          problems={problems}
        />
        {field('surnameOrName', person ? 'Surname' : 'Name of the entity', { maxLength: 200 })}
        {person ? field('givenName', 'Given name', { maxLength: 200 }) : null}
        {person ? field('otherName', 'Other or initial', { maxLength: 200 }) : null}
        {person ? field('dateOfBirth', 'Date of birth', { maxLength: 10, hint: 'YYYY-MM-DD.' }) : null}
        {field('occupation', person ? 'Occupation' : 'Nature of business', { maxLength: 200 })}
        {field('phone', 'Phone', { type: 'tel', maxLength: 20 })}
      </div>
      <div className={s.grid}>
        {field('street', 'Street address', { maxLength: 200 })}
        {field('city', 'City', { maxLength: 200 })}
        {field('province', 'Province or territory', { maxLength: 3, hint: 'Two letters, e.g. ON.' })}
        {field('postalCode', 'Postal code', { maxLength: 10, hint: 'e.g. M5V 2T6.' })}
        {field('country', 'Country', { maxLength: 2, hint: 'Two letters, e.g. CA.' })}
      </div>
      {person ? (
        <div className={s.grid}>
          <SelectField
            path={path('idType')}
            label="Identification document"
            value={subject.idType}
            options={[{ value: '', label: 'Not identified' }, ...options(ID_TYPE_LABELS)]}
            onChange={set('idType')}
            editor={editor}
            problems={problems}
          />
          {subject.idType ? (
            <>
              {field('idNumber', 'Document number', { maxLength: 50 })}
              {field('idJurisdictionCountry', 'Issuing country', { maxLength: 2, hint: 'Two letters, e.g. CA.' })}
              {field('idJurisdictionProvince', 'Issuing province or state', { maxLength: 3 })}
            </>
          ) : null}
        </div>
      ) : null}
      <Field id={accountsId} label="Accounts" error={accounts.error} hint={accounts.hint ?? 'One account number per line.'}>
        <textarea
          id={accountsId}
          className={d.textarea}
          value={subject.accounts}
          aria-invalid={accounts.error ? true : undefined}
          aria-describedby={describedBy(accountsId, accounts.error)}
          onChange={(e) => set('accounts')(e.target.value)}
        />
      </Field>
    </section>
  );
}

function TypedTransaction({
  line,
  index,
  str,
  editor,
  problems,
}: {
  line: FintracTransactionForm;
  index: number;
  str: boolean;
  editor: FintracEditorState;
  problems: Problems;
}) {
  const path = (field: keyof FintracTransactionForm) => `transactions[${index}].${field}`;
  const change = (field: keyof FintracTransactionForm, value: string | boolean) =>
    editor.update((f) => ({ ...f, transactions: f.transactions.map((x, i) => (i === index ? { ...x, [field]: value } : x)) }), path(field));
  const field = (name: 'dateTime' | 'amount' | 'currency' | 'accountNumber' | 'disposition', label: string, extra: Partial<TextProps> = {}) => (
    <TextField path={path(name)} label={label} value={line[name]} onChange={(v) => change(name, v)} editor={editor} problems={problems} {...extra} />
  );
  const attemptedId = fintracFieldId(path('attempted'));
  return (
    <section className={s.card} aria-label={`Transaction ${index + 1}`}>
      <div className={s.cardHead}>
        <h3 className={s.cardTitle}>Transaction {index + 1} (typed in)</h3>
        <button
          type="button"
          className={button({ variant: 'ghost', size: 'sm' })}
          onClick={() => editor.update((f) => ({ ...f, transactions: f.transactions.filter((_, j) => j !== index) }))}
        >
          Remove transaction {index + 1}
        </button>
      </div>
      <div className={s.grid}>
        {field('dateTime', 'Date and time', { maxLength: 40, hint: 'YYYY-MM-DDTHH:MM, e.g. 2026-11-02T14:05.' })}
        {field('amount', 'Amount', { inputMode: 'decimal' })}
        {field('currency', 'Currency', { maxLength: 3, hint: 'Three letters, e.g. CAD.' })}
        <SelectField
          path={path('fundsType')}
          label="Funds"
          value={line.fundsType}
          options={options(FUNDS_TYPE_LABELS)}
          onChange={(v) => change('fundsType', v)}
          editor={editor}
          problems={problems}
        />
        <SelectField
          path={path('method')}
          label="How it was conducted"
          value={line.method}
          options={options(METHOD_LABELS)}
          onChange={(v) => change('method', v)}
          editor={editor}
          problems={problems}
        />
        <SelectField
          path={path('direction')}
          label="Direction"
          value={line.direction}
          options={[
            { value: 'IN', label: 'Received' },
            { value: 'OUT', label: 'Paid out' },
          ]}
          onChange={(v) => change('direction', v)}
          editor={editor}
          problems={problems}
        />
        {field('accountNumber', 'Account number', { maxLength: 200 })}
        {field('disposition', 'What was done with the funds', { maxLength: 200, hint: 'e.g. Deposit to account.' })}
      </div>
      {str ? (
        <label className={s.check} htmlFor={attemptedId}>
          <input id={attemptedId} type="checkbox" checked={line.attempted} onChange={(e) => change('attempted', e.target.checked)} />
          <span>Attempted, not completed</span>
        </label>
      ) : null}
    </section>
  );
}

const money = (amount: string, currency: string) => {
  const n = Number(amount);
  return amount === '' || !Number.isFinite(n)
    ? '—'
    : `${n.toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency || ''}`.trim();
};

/** The lines written from Vigil's transactions: as they are, each removable. */
function VigilTransactions({ form, editor, problems }: { form: FintracForm; editor: FintracEditorState; problems: Problems }) {
  const lines = form.transactions.map((line, index) => ({ line, index })).filter(({ line }) => line.transactionId !== null);
  if (!lines.length) return null;
  return (
    <div className={tp.scroll}>
      <table className={tp.table} aria-label="Transactions from Vigil">
        <thead>
          <tr>
            <th className={tp.th} scope="col">
              Transaction
            </th>
            <th className={tp.th} scope="col">
              When
            </th>
            <th className={`${tp.th} ${tp.num}`} scope="col">
              Amount
            </th>
            <th className={tp.th} scope="col">
              Funds
            </th>
            <th className={tp.th} scope="col">
              Direction
            </th>
            <th className={tp.th} scope="col">
              Account
            </th>
            <th className={tp.th} scope="col">
              <span className={css({ srOnly: true })}>Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ line, index }) => {
            const problem = Object.entries(problems).find(([key]) => key.startsWith(`transactions[${index}]`))?.[1];
            return (
              <tr key={index} className={tp.tr} id={fintracFieldId(`transactions[${index}]`)}>
                <td className={tp.td}>
                  {line.transactionId}
                  {problem ? (
                    <span className={`${css({ display: 'block', fontSize: 'xs' })} ${problem.level === 'FATAL' ? d.fieldError : s.warn}`}>
                      {problem.level === 'FATAL' ? 'FINTRAC would reject this' : 'FINTRAC would flag this'}: {problem.message}
                    </span>
                  ) : null}
                </td>
                <td className={tp.td}>{line.dateTime || '—'}</td>
                <td className={`${tp.td} ${tp.num}`}>{money(line.amount, line.currency)}</td>
                <td className={tp.td}>{FUNDS_TYPE_LABELS[line.fundsType]}</td>
                <td className={tp.td}>{line.direction === 'IN' ? 'Received' : 'Paid out'}</td>
                <td className={tp.td}>{line.accountNumber || '—'}</td>
                <td className={`${tp.td} ${tp.end}`}>
                  <button
                    type="button"
                    className={button({ variant: 'ghost', size: 'sm' })}
                    aria-label={`Remove transaction ${line.transactionId}`}
                    onClick={() => editor.update((f) => ({ ...f, transactions: f.transactions.filter((_, j) => j !== index) }))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function FintracEditor({
  report,
  editor,
  readOnly,
  problems,
}: {
  report: FintracReport;
  editor: FintracEditorState;
  readOnly: boolean;
  problems: Problems;
}) {
  const { form } = editor;
  const agents = useAgentsQuery();
  const str = report.report_type === 'STR';
  const set = (field: 'name' | 'reviewerId' | 'suspicion' | 'actionTaken') => (value: string) => editor.update((f) => ({ ...f, [field]: value }), field);
  const suspicion = said(editor.errors.suspicion, problems.suspicion);
  const actionTaken = said(editor.errors.actionTaken, problems.actionTaken);
  const reviewer = said(editor.errors.reviewerId, problems.reviewerId);
  const overLimit = form.suspicion.length > SUSPICION_LIMIT;
  const listProblem = (key: string) => (problems[key] && !editor.errors[key] ? said(undefined, problems[key]) : null);
  const subjectsProblem = listProblem('subjects');
  const transactionsProblem = listProblem('transactions');
  const typed = form.transactions.map((line, index) => ({ line, index })).filter(({ line }) => line.transactionId === null);
  return (
    <SubmitForm label="FINTRAC report editor" onSubmit={editor.submit}>
      <fieldset className={s.fieldset} disabled={readOnly}>
        <Section id="fintrac-report-section" title="Report">
          <div className={s.grid}>
            <TextField path="name" label="Name" value={form.name} onChange={set('name')} editor={editor} problems={problems} maxLength={200} />
            <Field id={fintracFieldId('reviewerId')} label="Reviewer" error={reviewer.error} hint={reviewer.hint}>
              <select
                id={fintracFieldId('reviewerId')}
                className={d.select}
                value={form.reviewerId}
                aria-invalid={reviewer.error ? true : undefined}
                aria-describedby={describedBy(fintracFieldId('reviewerId'), reviewer.error, Boolean(reviewer.hint))}
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
          </div>
        </Section>
        {str ? (
          <Section id="fintrac-suspicion-section" title="Suspicion and action taken">
            <Field id={fintracFieldId('suspicion')} label="Details of suspicion" error={suspicion.error} hint={suspicion.hint}>
              <textarea
                id={fintracFieldId('suspicion')}
                className={d.textarea}
                rows={12}
                maxLength={20000}
                value={form.suspicion}
                aria-invalid={suspicion.error || overLimit ? true : undefined}
                aria-describedby={withCount(describedBy(fintracFieldId('suspicion'), suspicion.error, Boolean(suspicion.hint)), 'suspicion')}
                onChange={(e) => set('suspicion')(e.target.value)}
              />
            </Field>
            <p id={countId('suspicion')} className={overLimit ? s.over : s.count}>
              {overLimit
                ? `${form.suspicion.length.toLocaleString('en-US')} characters: FINTRAC takes at most 10,000. Shorten it before filing.`
                : `${form.suspicion.length.toLocaleString('en-US')} of the 10,000 characters FINTRAC takes`}
            </p>
            <Field id={fintracFieldId('actionTaken')} label="Action taken" error={actionTaken.error} hint={actionTaken.hint}>
              <textarea
                id={fintracFieldId('actionTaken')}
                className={d.textarea}
                rows={4}
                maxLength={5000}
                value={form.actionTaken}
                aria-invalid={actionTaken.error ? true : undefined}
                aria-describedby={withCount(describedBy(fintracFieldId('actionTaken'), actionTaken.error, Boolean(actionTaken.hint)), 'actionTaken')}
                onChange={(e) => set('actionTaken')(e.target.value)}
              />
            </Field>
            <p id={countId('actionTaken')} className={s.count}>
              {`${form.actionTaken.length.toLocaleString('en-US')} of the ${ACTION_TAKEN_LIMIT.toLocaleString('en-US')} characters FINTRAC takes`}
            </p>
          </Section>
        ) : null}
        <Section
          id="fintrac-subjects-section"
          title={`${str ? 'Subjects' : 'Who conducted the transactions'} (${form.subjects.length})`}
          actions={
            <button
              type="button"
              className={button({ variant: 'secondary', size: 'sm' })}
              onClick={() => editor.update((f) => ({ ...f, subjects: [...f.subjects, blankSubject()] }), 'subjects')}
            >
              Add subject
            </button>
          }
        >
          {subjectsProblem?.error ? (
            <p id={fintracFieldId('subjects')} className={d.fieldError}>
              {subjectsProblem.error}
            </p>
          ) : subjectsProblem?.hint ? (
            <p>{subjectsProblem.hint}</p>
          ) : null}
          {editor.errors.subjects ? <p className={d.fieldError}>{editor.errors.subjects}</p> : null}
          {form.subjects.map((subject, i) => (
            <SubjectFields key={i} subject={subject} index={i} editor={editor} problems={problems} />
          ))}
        </Section>
        <Section
          id="fintrac-transactions-section"
          title={`${str ? 'Transactions' : 'Cash received'} (${form.transactions.length})`}
          actions={
            <button
              type="button"
              className={button({ variant: 'secondary', size: 'sm' })}
              onClick={() => editor.update((f) => ({ ...f, transactions: [...f.transactions, blankTransaction(!str)] }), 'transactions')}
            >
              Add transaction
            </button>
          }
        >
          {report.report_type === 'LCTR' && report.twenty_four_hour_rule ? (
            <p className={s.muted} role="note">
              24-hour rule: these cash receipts together reach 10,000 dollars within 24 consecutive hours.
            </p>
          ) : null}
          {transactionsProblem?.error ? (
            <p id={fintracFieldId('transactions')} className={d.fieldError}>
              {transactionsProblem.error}
            </p>
          ) : transactionsProblem?.hint ? (
            <p>{transactionsProblem.hint}</p>
          ) : null}
          {editor.errors.transactions ? <p className={d.fieldError}>{editor.errors.transactions}</p> : null}
          {form.transactions.length === 0 ? <p className={s.muted}>No transactions yet.</p> : null}
          <VigilTransactions form={form} editor={editor} problems={problems} />
          {typed.map(({ line, index }) => (
            <TypedTransaction key={index} line={line} index={index} str={str} editor={editor} problems={problems} />
          ))}
        </Section>
      </fieldset>
      {readOnly ? null : (
        <EditorActions error={editor.formError} dirty={editor.dirty} saving={editor.saving} saveLabel="Save report">
          {editor.dirty ? (
            <button type="button" className={button({ variant: 'ghost' })} onClick={editor.discard}>
              Discard changes
            </button>
          ) : null}
        </EditorActions>
      )}
      {report.validated_at ? <p className={s.count}>Last checked {longTime(report.validated_at)}.</p> : null}
    </SubmitForm>
  );
}
