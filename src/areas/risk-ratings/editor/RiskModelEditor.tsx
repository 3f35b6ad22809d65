// The risk model editor: title, description, thresholds, then each entity risk segment with its
// filters and parameters. Read-only without edit_risk_ratings, and for a model that may not be
// edited now (active, archived, or a draft whose validation is queued or in progress).
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING } from '../../../../core/risk/constants';
import { EditorContext, fieldId, type EditorApi } from './editor-context';
import * as s from './editor.styles';
import type { DataSetting } from './editor.types';
import { NumberField, TextField } from './fields';
import { EngineMetricList } from './MetricEditor';
import { newSegment } from './riskModel.form';
import { SegmentEditor } from './SegmentEditor';
import type { RiskModelEditorState } from './use-risk-model-editor';

export function RiskModelEditor({ editor, readOnly, dataSettings }: { editor: RiskModelEditorState; readOnly: boolean; dataSettings: readonly DataSetting[] }) {
  const { form, errors, set } = editor;
  const api: EditorApi = { form, errors, set, readOnly, dataSettings };
  const segments = form.entity_risk_segments;
  const descriptionId = fieldId('description');
  return (
    <EditorContext.Provider value={api}>
      <form
        className={s.form}
        aria-label="Risk model editor"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          editor.save();
        }}
      >
        <EngineMetricList />
        <fieldset className={s.fieldset} disabled={readOnly}>
          <section className={s.section} aria-labelledby="rm-model-heading">
            <h2 id="rm-model-heading" className={s.sectionTitle}>
              Model
            </h2>
            <div className={s.grid}>
              <TextField path="title" label="Title" />
              <NumberField path="low_risk_ceiling" label="Low risk ceiling" hint={`Scores below it are Low risk (default ${DEFAULT_LOW_RISK_CEILING}).`} />
              <NumberField path="high_risk_floor" label="High risk floor" hint={`Scores above it are High risk (default ${DEFAULT_HIGH_RISK_FLOOR}).`} />
            </div>
            <div className={d.field}>
              <label className={d.label} htmlFor={descriptionId}>
                Description <span className={d.optional}>(optional)</span>
              </label>
              <textarea
                id={descriptionId}
                className={d.textarea}
                maxLength={2000}
                value={form.description}
                onChange={(e) => set('description', e.target.value)}
              />
            </div>
          </section>
          <h2 className={s.sectionTitle}>Entity risk segments</h2>
          <p className={s.note}>An entity is scored by the first segment whose filters it meets; an entity no segment takes stays unscored.</p>
          {segments.map((segment, i) => (
            <SegmentEditor
              key={segment.key}
              path={`entity_risk_segments.${i}`}
              index={i}
              onRemove={() =>
                set(
                  'entity_risk_segments',
                  segments.filter((_, j) => j !== i),
                )
              }
            />
          ))}
          {readOnly ? null : (
            <div>
              <button
                type="button"
                className={button()}
                onClick={() => set('entity_risk_segments', [...segments, newSegment(`Segment ${segments.length + 1}`)])}
              >
                Add segment
              </button>
            </div>
          )}
        </fieldset>
        {readOnly ? null : (
          <div className={s.actions}>
            {editor.formError ? (
              <p role="alert" className={`${d.formError} ${s.grow}`}>
                {editor.formError}
              </p>
            ) : editor.dirty ? (
              <p className={s.dirty} role="status">
                Unsaved changes
              </p>
            ) : null}
            <button type="button" className={button({ variant: 'secondary' })} disabled={!editor.dirty || editor.saving} onClick={editor.discard}>
              Discard changes
            </button>
            <button type="submit" className={button({ variant: 'primary' })} disabled={editor.saving}>
              {editor.saving ? 'Saving…' : 'Save'}
            </button>
          </div>
        )}
      </form>
    </EditorContext.Provider>
  );
}
