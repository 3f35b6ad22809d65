// One variable of the rule: its name and label, what it aggregates, the field or data setting it
// reads, the two variables of a ratio, its filters, its window (with the 1-day and 7-day presets)
// and, for counts, whether it looks at everyone on the event's device or IP address. Each part shows
// only where the aggregation uses it.
import { button } from '../../../ui/recipes';
import {
  ACTION_TYPES,
  AGGREGATIONS,
  DISTINCT_FIELDS,
  FLOWS,
  TXN_TYPES,
  VARIABLE_GROUPS,
  WINDOW_PRESETS,
  WINDOWED,
  type Aggregation,
} from '../../../../core/rule-spec';
import { AGGREGATION_LABELS, DISTINCT_LABELS, FLOW_LABELS, GROUP_LABELS, typeLabel } from '../rules.constants';
import { fieldId, useRuleEditorContext } from './editor-context';
import * as s from './editor.styles';
import { CheckGroup, PartError, RangeField, SelectField, TextField } from './fields';
import type { FormFilter, FormVariable, RuleForm } from './rule.form';

type AmountField = 'amountBelow' | 'amountAbove' | 'amountMultipleOf';
/** The filter's single amounts: the spec's name, the form's field, and what the field says. */
const AMOUNT_BOUNDS: readonly { path: string; field: AmountField; label: string; hint: string }[] = [
  { path: 'amount_below', field: 'amountBelow', label: 'Amount below', hint: 'Not included; empty for no bound.' },
  { path: 'amount_above', field: 'amountAbove', label: 'Amount above', hint: 'Not included; empty for no bound.' },
  { path: 'amount_multiple_of', field: 'amountMultipleOf', label: 'Round amounts: multiple of', hint: '1000 takes 3,000 and 12,000 but not 3,500.' },
];

function amountPatch(field: AmountField, value: string): Partial<FormFilter> {
  const patch: Partial<FormFilter> = {};
  patch[field] = value;
  return patch;
}

export function VariableEditor({ index }: { index: number }) {
  const { form, update, specLocked, dataSettings } = useRuleEditorContext();
  const v = form.variables[index];
  const at = `spec/variables/${index}`;
  const name = `Variable ${index + 1}`;
  const count = form.variables.length;

  const change = (patch: Partial<FormVariable>, errorPath?: string) =>
    update((f) => ({ ...f, variables: f.variables.map((x, i) => (i === index ? { ...x, ...patch } : x)) }), errorPath);
  const changeFilter = (patch: Partial<FormFilter>, errorPath: string) => change({ filter: { ...v.filter, ...patch } }, errorPath);
  const move = (to: number) =>
    update((f: RuleForm) => {
      const list = [...f.variables];
      const [moved] = list.splice(index, 1);
      list.splice(to, 0, moved);
      return { ...f, variables: list };
    });
  const remove = () => update((f) => ({ ...f, variables: f.variables.filter((_, i) => i !== index) }));

  const a = v.aggregation;
  const txn = form.eventType === 'TRANSACTION';
  const earlier = form.variables.slice(0, index).filter((x) => x.aggregation !== 'ratio' && x.name.trim());
  const prefix = form.eventType === 'TRANSACTION' ? 'transaction.' : 'action_event.';
  const settings = dataSettings.filter((d) => d.key_path.startsWith(prefix) && d.censorship_setting !== 'encrypted');
  const valueFields = [
    ...(txn ? [{ value: 'amount', label: 'Amount' }] : []),
    ...settings.map((d) => ({ value: `setting:${d.id}`, label: `${d.user_facing_label} (custom field)` })),
  ];
  const hasFilter = a !== 'ratio' && a !== 'days_since_previous';
  // a transaction's types or an action event's, whichever the rule judges
  const types: { path: string; label: string; hint: string; values: readonly string[] } = txn
    ? { path: 'internal_txn_type', label: 'Transaction types', hint: 'None ticked: every type.', values: TXN_TYPES }
    : { path: 'action_type', label: 'Action types', hint: 'None ticked: every action.', values: ACTION_TYPES };

  return (
    <fieldset className={s.group} id={fieldId(at)} tabIndex={-1} aria-label={`${name}: ${v.name || 'unnamed'}`}>
      <div className={s.groupHeader}>
        <legend className={s.legend}>
          {name}: {v.name || 'unnamed'}
        </legend>
        <span className={s.grow} />
        {specLocked ? null : (
          <>
            <button
              type="button"
              className={button({ variant: 'ghost', size: 'sm' })}
              aria-label={`Move up ${name.toLowerCase()}`}
              disabled={index === 0}
              onClick={() => move(index - 1)}
            >
              Move up
            </button>
            <button
              type="button"
              className={button({ variant: 'ghost', size: 'sm' })}
              aria-label={`Move down ${name.toLowerCase()}`}
              disabled={index === count - 1}
              onClick={() => move(index + 1)}
            >
              Move down
            </button>
            <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={`Remove ${name.toLowerCase()}`} onClick={remove}>
              Remove
            </button>
          </>
        )}
      </div>
      <PartError at={at} />
      <div className={s.grid}>
        <TextField
          at={`${at}/name`}
          label="Name"
          maxLength={63}
          value={v.name}
          hint="Lowercase letters, digits and underscores; conditions refer to it."
          onChange={(name) => {
            // conditions and ratios that read the variable follow its new name
            const old = v.name;
            update((f) => renameVariable(f, index, old, name), `${at}/name`);
          }}
        />
        <TextField
          at={`${at}/label`}
          label="Label"
          value={v.label}
          hint="Optional: how alerts and cards name it."
          onChange={(label) => change({ label }, `${at}/label`)}
        />
        <SelectField<Aggregation>
          at={`${at}/aggregation`}
          label="Aggregation"
          value={a}
          options={AGGREGATIONS.map((x) => ({ value: x, label: AGGREGATION_LABELS[x] }))}
          onChange={(aggregation) => aggregation && change(aggregationPatch(v, aggregation, txn), `${at}/aggregation`)}
        />
        {a === 'count_distinct' ? (
          <SelectField
            at={`${at}/field`}
            label="Counts distinct"
            value={v.field || null}
            options={DISTINCT_FIELDS.map((x) => ({ value: x, label: DISTINCT_LABELS[x] }))}
            onChange={(field) => change({ field: field ?? '' }, `${at}/field`)}
          />
        ) : null}
        {a === 'value' ? (
          <SelectField
            at={`${at}/field`}
            label="Field"
            value={v.field || null}
            options={valueFields}
            hint="The event's amount or one of its custom fields."
            onChange={(field) => change({ field: field ?? '' }, `${at}/field`)}
          />
        ) : null}
        {a === 'sum' ? <p className={s.note}>Adds up the amount of the events in the window.</p> : null}
        {a === 'days_since_previous' ? <p className={s.note}>Days between the event and the subject's previous event; none for a first event.</p> : null}
        {a === 'ratio' ? (
          <>
            {[0, 1].map((k) => (
              <SelectField
                key={k}
                at={`${at}/of/${k}`}
                label={k === 0 ? 'Numerator' : 'Denominator'}
                value={v.of[k] || null}
                options={earlier.map((x) => ({ value: x.name, label: x.label ? `${x.name} (${x.label})` : x.name }))}
                hint={k === 0 ? 'A variable defined above this one.' : undefined}
                onChange={(name) => change({ of: k === 0 ? [name ?? '', v.of[1]] : [v.of[0], name ?? ''] }, `${at}/of/${k}`)}
              />
            ))}
          </>
        ) : null}
        {a === 'count' || a === 'count_distinct' ? (
          <SelectField
            at={`${at}/group_by`}
            label="Whose events"
            value={v.groupBy || null}
            empty="The subject's own"
            options={VARIABLE_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
            onChange={(g) => change({ groupBy: g ?? '' }, `${at}/group_by`)}
          />
        ) : null}
      </div>
      <PartError at={`${at}/of`} />
      {WINDOWED.includes(a) ? <WindowField index={index} /> : null}
      {hasFilter ? (
        <fieldset className={s.conditionGroup} aria-label={`Filters of ${name.toLowerCase()}`}>
          <legend className={s.legend}>Filters</legend>
          <PartError at={`${at}/filter`} />
          <CheckGroup
            at={`${at}/filter/${types.path}`}
            label={types.label}
            hint={types.hint}
            options={types.values.map((t) => ({ value: t, label: typeLabel(t) }))}
            selected={txn ? v.filter.txnTypes : v.filter.actionTypes}
            onChange={(next) => changeFilter(txn ? { txnTypes: next } : { actionTypes: next }, `${at}/filter/${types.path}`)}
          />
          {txn ? (
            <div className={s.grid}>
              <RangeField
                at={`${at}/filter/amount_between`}
                label="Amount between (both included)"
                low={v.filter.amountLow}
                high={v.filter.amountHigh}
                onChange={(amountLow, amountHigh) => changeFilter({ amountLow, amountHigh }, `${at}/filter/amount_between`)}
              />
              {AMOUNT_BOUNDS.map((b) => (
                <TextField
                  key={b.path}
                  at={`${at}/filter/${b.path}`}
                  label={b.label}
                  numeric
                  maxLength={30}
                  value={v.filter[b.field]}
                  hint={b.hint}
                  onChange={(value) => changeFilter(amountPatch(b.field, value), `${at}/filter/${b.path}`)}
                />
              ))}
              <SelectField
                at={`${at}/filter/flow`}
                label="Direction"
                value={v.filter.flow || null}
                empty="Either"
                options={FLOWS.map((f) => ({ value: f, label: FLOW_LABELS[f] }))}
                hint="Relative to the subject."
                onChange={(flow) => changeFilter({ flow: flow ?? '' }, `${at}/filter/flow`)}
              />
            </div>
          ) : null}
        </fieldset>
      ) : null}
    </fieldset>
  );
}

function WindowField({ index }: { index: number }) {
  const { form, update } = useRuleEditorContext();
  const v = form.variables[index];
  const at = `spec/variables/${index}/window_minutes`;
  const set = (window: string) => update((f) => ({ ...f, variables: f.variables.map((x, i) => (i === index ? { ...x, window } : x)) }), at);
  return (
    <div className={s.presets}>
      <div>
        <TextField
          at={at}
          label="Window (minutes)"
          numeric
          maxLength={7}
          value={v.window}
          hint="Events up to the one judged, at most 365 days."
          onChange={set}
        />
      </div>
      <div className={s.presets} role="group" aria-label={`Window presets of variable ${index + 1}`}>
        {WINDOW_PRESETS.map((p) => (
          <button
            key={p.minutes}
            type="button"
            className={button({ variant: 'secondary', size: 'sm' })}
            aria-pressed={v.window.trim() === String(p.minutes)}
            onClick={() => set(String(p.minutes))}
          >
            {p.label}
          </button>
        ))}
      </div>
    </div>
  );
}

/** What changes with the aggregation: the field it reads (a sum adds up the amount). */
function aggregationPatch(v: FormVariable, aggregation: Aggregation, txn: boolean): Partial<FormVariable> {
  const patch: Partial<FormVariable> = { aggregation };
  if (aggregation === 'count_distinct' && !(DISTINCT_FIELDS as readonly string[]).includes(v.field)) patch.field = 'entity_id';
  if (aggregation === 'value' && !v.field.startsWith('setting:') && v.field !== 'amount') patch.field = txn ? 'amount' : '';
  if (WINDOWED.includes(aggregation) && v.window.trim() === '') patch.window = '1440';
  return patch;
}

/** Renames a variable and every reference to it (conditions, ratios). */
function renameVariable(form: RuleForm, index: number, old: string, name: string): RuleForm {
  const follow = (n: string) => (old && n === old ? name : n);
  const rename = (node: RuleForm['condition'] | RuleForm['condition']['operands'][number]): typeof node =>
    node.type === 'composite' ? { ...node, operands: node.operands.map(rename) } : { ...node, variable: follow(node.variable), against: follow(node.against) };
  return {
    ...form,
    variables: form.variables.map((x, i) => (i === index ? { ...x, name } : { ...x, of: [follow(x.of[0]), follow(x.of[1])] as [string, string] })),
    condition: rename(form.condition) as RuleForm['condition'],
  };
}
