// One entity risk segment: its title, the filters that pick its entities, and its parameters. A new
// parameter starts with its family's defaults (spec part 2 section 9).
import { useId, useState } from 'react';
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import { useEditor } from './editor-context';
import { PARAMETER_LABELS, PARAMETER_TYPES } from './editor.constants';
import * as s from './editor.styles';
import type { ParameterType } from './editor.types';
import { TextField } from './fields';
import { FilterRows } from './MappingRows';
import { ParameterEditor } from './ParameterEditor';
import { getAt, newParameter, type FormSegment } from './riskModel.form';
import { Options } from '../../../ui/Options';

export function SegmentEditor({ path, index, onRemove }: { path: string; index: number; onRemove: () => void }) {
  const { form, set, readOnly } = useEditor();
  const segment = getAt(form, path) as FormSegment;
  const label = `segment ${index + 1}`;
  const [type, setType] = useState<ParameterType>('address_risk');
  const pickId = useId();
  return (
    <section className={s.section} aria-label={`Segment ${index + 1}: ${segment.title || 'untitled'}`}>
      <div className={s.groupHeader}>
        <h3 className={s.sectionTitle}>Segment {index + 1}</h3>
        {readOnly ? null : (
          <button type="button" className={button({ variant: 'ghost', size: 'sm' })} aria-label={`Remove ${label}`} onClick={onRemove}>
            Remove segment
          </button>
        )}
      </div>
      <div className={s.grid}>
        <TextField path={`${path}.title`} label="Segment title" />
      </div>
      <FilterRows path={`${path}.filters`} label={label} />
      <div className={s.legend}>Parameters</div>
      {segment.parameters.length === 0 ? <p className={s.note}>No parameter yet: a model needs at least one to be validated.</p> : null}
      {segment.parameters.map((p, i) => (
        <ParameterEditor
          key={p.key}
          path={`${path}.parameters.${i}`}
          index={i}
          segmentLabel={label}
          onRemove={() =>
            set(
              `${path}.parameters`,
              segment.parameters.filter((_, j) => j !== i),
            )
          }
        />
      ))}
      {readOnly ? null : (
        <div className={s.addRow}>
          <div className={d.field}>
            <label className={d.label} htmlFor={pickId}>
              New parameter of {label}
            </label>
            <select id={pickId} className={d.select} value={type} onChange={(e) => setType(e.target.value as ParameterType)}>
              <Options items={PARAMETER_TYPES} value={(t) => t} label={(t) => PARAMETER_LABELS[t]} />
            </select>
          </div>
          <button
            type="button"
            className={button({ size: 'md' })}
            aria-label={`Add parameter to ${label}`}
            onClick={() => set(`${path}.parameters`, [...segment.parameters, newParameter(type)])}
          >
            Add parameter
          </button>
        </div>
      )}
    </section>
  );
}
