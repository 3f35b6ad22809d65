// One metric of a parameter: what it reads (an engine metric, a data setting), whether it is text
// or a number, the risk of an unknown value and of a value no mapping takes, and its mappings.
import { button } from '../../../ui/recipes';
import { useEditor } from './editor-context';
import { ENGINE_METRICS, METRIC_TYPE_LABELS } from './editor.constants';
import * as s from './editor.styles';
import type { ParameterType } from './editor.types';
import { NumberField, SelectField, TextField } from './fields';
import { MappingRows } from './MappingRows';
import { Options } from '../../../ui/Options';

const METRIC_LIST_ID = 'rm-engine-metrics';

/** The engine's own metric names, offered as suggestions to every metric name field. */
export function EngineMetricList() {
  return (
    <datalist id={METRIC_LIST_ID}>
      <Options items={ENGINE_METRICS} value={(m) => m.name} label={(m) => m.label} />
    </datalist>
  );
}

export function MetricEditor({
  path,
  index,
  parameterType,
  parameterLabel,
  onRemove,
}: {
  path: string;
  index: number;
  parameterType: ParameterType;
  parameterLabel: string;
  onRemove: () => void;
}) {
  const { readOnly, dataSettings } = useEditor();
  const label = `metric ${index + 1} of ${parameterLabel}`;
  const needsSetting = parameterType === 'custom_data_risk';
  return (
    <fieldset className={s.innerGroup} aria-label={`Metric ${index + 1}`}>
      <div className={s.groupHeader}>
        <legend className={s.legend}>Metric {index + 1}</legend>
        {readOnly ? null : (
          <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={`Remove ${label}`} onClick={onRemove}>
            Remove metric
          </button>
        )}
      </div>
      <div className={s.grid}>
        <TextField
          path={`${path}.metric`}
          label="Metric"
          list={METRIC_LIST_ID}
          maxLength={100}
          hint="An engine metric, or a name of your own read from the data setting."
        />
        <SelectField
          path={`${path}.metric_type`}
          label="Metric type"
          options={(['number', 'text'] as const).map((t) => ({ value: t, label: METRIC_TYPE_LABELS[t] }))}
        />
        <SelectField
          path={`${path}.custom_data_setting_id`}
          label="Custom data setting"
          empty={needsSetting ? undefined : 'None'}
          parse={Number}
          options={dataSettings.map((d) => ({ value: d.id, label: `${d.user_facing_label} (${d.key_path})` }))}
          hint={needsSetting ? 'The data setting whose value is scored.' : 'Optional: read the value from this data setting.'}
        />
        <NumberField path={`${path}.unknown_risk`} label="Unknown risk" hint="0 to 100, when the value is missing." />
        <NumberField path={`${path}.unscored_risk`} label="Unscored risk" hint="0 to 100, when no mapping takes a known value; empty adds none." />
      </div>
      <MappingRows path={path} label={label} />
    </fieldset>
  );
}
