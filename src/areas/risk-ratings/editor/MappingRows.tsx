// A metric's risk mappings: operator and value (or start and end for in between) and the risk the
// match gives, one row each; and a segment's filters, built the same way over an entity column or
// a data setting.
import { button } from '../../../ui/recipes';
import { useEditor } from './editor-context';
import { FILTER_COLUMN_LABELS, OPERATOR_LABELS, OPERATORS, TEXT_OPERATORS } from './editor.constants';
import * as s from './editor.styles';
import type { MappingOperator } from './editor.types';
import { NumberField, SelectField, TextField } from './fields';
import { getAt, mappingForm, newFilter, type FormFilter, type FormMapping, type FormMetric } from './riskModel.form';

const operatorOptions = (allowed: readonly MappingOperator[], current: MappingOperator | null) =>
  OPERATORS.filter((o) => allowed.includes(o) || o === current).map((o) => ({ value: o, label: OPERATOR_LABELS[o] }));

export function MappingRows({ path, label }: { path: string; label: string }) {
  const { form, set, readOnly } = useEditor();
  const metric = getAt(form, path) as FormMetric;
  const at = `${path}.risk_mappings`;
  const allowed = metric.metric_type === 'text' ? TEXT_OPERATORS : OPERATORS;
  return (
    <div role="group" aria-label={`Risk mappings of ${label}`}>
      {/* A caption, not a paragraph (axe p-as-heading): the group's name says it to screen readers. */}
      <div className={s.legend}>Risk mappings</div>
      {metric.risk_mappings.length === 0 ? <p className={s.note}>No mapping: a known value gets the unscored risk.</p> : null}
      <div className={s.rows}>
        {metric.risk_mappings.map((m: FormMapping, i) => {
          const mp = `${at}.${i}`;
          const name = `Mapping ${i + 1} of ${label}`;
          return (
            <div key={m.key} className={s.row} role="group" aria-label={name}>
              <SelectField path={`${mp}.content.operator`} label="Operator" options={operatorOptions(allowed, m.content.operator)} />
              {m.content.operator === 'in_between' ? (
                <>
                  <NumberField path={`${mp}.content.start`} label="Start" hint="Included." />
                  <NumberField path={`${mp}.content.end`} label="End" hint="Not included." />
                </>
              ) : metric.metric_type === 'text' ? (
                <TextField path={`${mp}.content.value`} label="Value" />
              ) : (
                <NumberField path={`${mp}.content.value`} label="Value" />
              )}
              <NumberField path={`${mp}.risk`} label="Risk" />
              {readOnly ? null : (
                <button
                  type="button"
                  className={`${button({ variant: 'ghost', size: 'sm' })} ${s.rowEnd}`}
                  aria-label={`Remove mapping ${i + 1} of ${label}`}
                  onClick={() =>
                    set(
                      at,
                      metric.risk_mappings.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove
                </button>
              )}
            </div>
          );
        })}
      </div>
      {readOnly ? null : (
        <button
          type="button"
          className={button({ size: 'sm' })}
          aria-label={`Add mapping to ${label}`}
          onClick={() => {
            const m = mappingForm();
            m.content.operator = metric.metric_type === 'text' ? 'equal_to' : 'greater_than';
            set(at, [...metric.risk_mappings, m]);
          }}
        >
          Add mapping
        </button>
      )}
    </div>
  );
}

export function FilterRows({ path, label }: { path: string; label: string }) {
  const { form, set, readOnly, dataSettings } = useEditor();
  const filters = getAt(form, path) as FormFilter[];
  const fields = [
    ...Object.entries(FILTER_COLUMN_LABELS).map(([value, text]) => ({ value, label: text })),
    ...dataSettings.filter((d) => d.classifier === 'entity').map((d) => ({ value: `data_setting:${d.id}`, label: `${d.user_facing_label} (data setting)` })),
  ];
  return (
    <div role="group" aria-label={`Filters of ${label}`}>
      <div className={s.legend}>Filters</div>
      {filters.length === 0 ? <p className={s.note}>No filter: the segment takes every entity that an earlier segment did not.</p> : null}
      <div className={s.rows}>
        {filters.map((f, i) => {
          const fp = `${path}.${i}`;
          const known = fields.some((o) => o.value === f.field);
          return (
            <div key={f.key} className={s.row} role="group" aria-label={`Filter ${i + 1} of ${label}`}>
              <SelectField path={`${fp}.field`} label="Field" options={known || !f.field ? fields : [...fields, { value: f.field, label: f.field }]} />
              <SelectField path={`${fp}.operator`} label="Operator" options={operatorOptions(OPERATORS, f.operator)} />
              {f.operator === 'in_between' ? (
                <>
                  <NumberField path={`${fp}.start`} label="Start" />
                  <NumberField path={`${fp}.end`} label="End" />
                </>
              ) : (
                <TextField path={`${fp}.value`} label="Value" />
              )}
              {readOnly ? null : (
                <button
                  type="button"
                  className={`${button({ variant: 'ghost', size: 'sm' })} ${s.rowEnd}`}
                  aria-label={`Remove filter ${i + 1} of ${label}`}
                  onClick={() =>
                    set(
                      path,
                      filters.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove
                </button>
              )}
            </div>
          );
        })}
      </div>
      {readOnly ? null : (
        <button type="button" className={button({ size: 'sm' })} aria-label={`Add filter to ${label}`} onClick={() => set(path, [...filters, newFilter()])}>
          Add filter
        </button>
      )}
    </div>
  );
}
