// One parameter of a segment: its family, weight (0 to 1, default 0.5), arguments and metrics.
import { button } from '../../../ui/recipes';
import { ALERTS_COUNTED, CASES_COUNTED, LOOKBACK_MONTHS, SAR_STATUSES_COUNTED } from '../../../../core/risk/constants';
import { useEditor } from './editor-context';
import { PARAMETER_LABELS } from './editor.constants';
import * as s from './editor.styles';
import { NumberField } from './fields';
import { MetricEditor } from './MetricEditor';
import { blankMetric, getAt, type FormParameter } from './riskModel.form';

const words = (values: readonly string[]) => values.map((v) => v.toLowerCase().replaceAll('_', ' ')).join(', ');

export function ParameterEditor({ path, index, segmentLabel, onRemove }: { path: string; index: number; segmentLabel: string; onRemove: () => void }) {
  const { form, set, readOnly } = useEditor();
  const p = getAt(form, path) as FormParameter;
  const label = `parameter ${index + 1} (${PARAMETER_LABELS[p.parameter_type]}) of ${segmentLabel}`;
  return (
    <fieldset className={s.group} aria-label={`Parameter ${index + 1}: ${PARAMETER_LABELS[p.parameter_type]}`}>
      <div className={s.groupHeader}>
        <legend className={s.legend}>
          Parameter {index + 1}: {PARAMETER_LABELS[p.parameter_type]}
        </legend>
        {readOnly ? null : (
          <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={`Remove ${label}`} onClick={onRemove}>
            Remove parameter
          </button>
        )}
      </div>
      <div className={s.grid}>
        <NumberField path={`${path}.weight`} label="Weight" hint="0 to 1; the segment's score is the weighted mean of its parameters." />
      </div>
      <ParameterArgs path={`${path}.parameter_args`} parameter={p} />
      {p.metrics.map((m, i) => (
        <MetricEditor
          key={m.key}
          path={`${path}.metrics.${i}`}
          index={i}
          parameterType={p.parameter_type}
          parameterLabel={label}
          onRemove={() =>
            set(
              `${path}.metrics`,
              p.metrics.filter((_, j) => j !== i),
            )
          }
        />
      ))}
      {readOnly ? null : (
        <div>
          <button
            type="button"
            className={button({ size: 'sm' })}
            aria-label={`Add metric to ${label}`}
            onClick={() => set(`${path}.metrics`, [...p.metrics, blankMetric(p.parameter_type)])}
          >
            Add metric
          </button>
        </div>
      )}
    </fieldset>
  );
}

/** What a family counts: the SAR statuses (editable), the alerts and cases counted, the rules. */
function ParameterArgs({ path, parameter }: { path: string; parameter: FormParameter }) {
  const { set } = useEditor();
  const args = parameter.parameter_args;
  const lookback = `Counted over the past ${LOOKBACK_MONTHS} months.`;
  switch (parameter.parameter_type) {
    case 'suspicious_activity_risk': {
      const chosen = Array.isArray(args.sar_statuses) ? (args.sar_statuses as string[]) : [...SAR_STATUSES_COUNTED];
      return (
        <fieldset className={s.innerGroup}>
          <legend className={s.legend}>SAR statuses counted</legend>
          <div className={s.checks}>
            {SAR_STATUSES_COUNTED.map((status) => (
              <label key={status}>
                <input
                  type="checkbox"
                  checked={chosen.includes(status)}
                  onChange={(e) => set(`${path}.sar_statuses`, e.target.checked ? [...chosen, status] : chosen.filter((c) => c !== status))}
                />
                {status}
              </label>
            ))}
          </div>
          <p className={s.note}>{lookback} With none ticked, every status above is counted.</p>
        </fieldset>
      );
    }
    case 'alert_and_case_risk':
      return (
        <p className={s.note}>
          Alerts counted: {words(ALERTS_COUNTED.dispositions)}, {words(ALERTS_COUNTED.statuses)}, {words(ALERTS_COUNTED.alert_types)}. Cases counted:{' '}
          {words(CASES_COUNTED.dispositions)} and {words(CASES_COUNTED.statuses)}. {lookback}
        </p>
      );
    case 'rule_risk': {
      const ids = Array.isArray(args.rule_ids) ? (args.rule_ids as unknown[]).join(', ') : '';
      const id = `${path.replaceAll('.', '-')}-rules`;
      return (
        <div className={s.grid}>
          <div>
            <label className={s.legend} htmlFor={id}>
              Rule ids
            </label>
            <input
              id={id}
              className={`${s.ruleInput}`}
              defaultValue={ids}
              aria-describedby={`${id}-hint`}
              onChange={(e) =>
                set(
                  `${path}.rule_ids`,
                  e.target.value
                    .split(',')
                    .map((v) => Number(v.trim()))
                    .filter((n) => Number.isInteger(n) && n > 0),
                )
              }
            />
            <p id={`${id}-hint`} className={s.note}>
              Comma-separated; empty counts the alerts of every rule. {lookback}
            </p>
          </div>
        </div>
      );
    }
    default:
      return null;
  }
}
