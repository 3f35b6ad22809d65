// The Stream mapping tab of the data-mapping page: pick a stream and an object type, map each CSV
// column to a native field or a custom data setting (or ignore it), set the stream's time zone,
// Save. Every later run of the stream's files of that object type reads with this mapping.
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { useToast } from '../../../app/toasts/toast-context';
import { hasPermission } from '../../../lib/permissions';
import * as d from '../../../ui/dialog.styles';
import { LoadingState } from '../../../ui/LoadingState';
import { button } from '../../../ui/recipes';
import { useDataSettingsQuery } from '../../../api/data-settings/queries';
import { useStreamsQuery } from '../../../api/streams/queries';
import { type FlatFileObjectType } from '../../../api/flat-files/queries';
import { OBJECT_TYPE_LABELS } from '../flat-files/flat-file.adapters';
import { TimeZoneSelect } from '../flat-files/TimeZoneSelect';
import * as s from './stream-mapping.styles';
import { useSaveStreamMappingMutation } from '../../../api/streams/mutations';
import { useStreamMappingQuery, type StreamMapping } from '../../../api/streams/queries';
import { columnInput, doubledNativeFields, IGNORED, missingRequired, targetValue } from './stream-mapping.utils';
import { Field } from '../../../ui/FormField';
import { Options } from '../../../ui/Options';

export const NO_STREAM_TEXT = 'No stream yet. A stream comes with its first uploaded file.';

export function StreamMappingTab() {
  const params = new URLSearchParams(useSearch());
  const streams = useStreamsQuery();
  const [picked, setPicked] = useState<string | null>(params.get('stream'));
  const [objectType, setObjectType] = useState<FlatFileObjectType>((params.get('object') as FlatFileObjectType | null) ?? 'transactions');
  const list = streams.data ?? [];
  const stream = picked ?? list[0]?.stream ?? null;
  const mapping = useStreamMappingQuery(stream, objectType);

  if (streams.isPending) return <LoadingState label="Loading streams" />;
  if (streams.isError) return <p role="alert">The streams could not be loaded.</p>;
  if (!stream) return <p className={s.note}>{NO_STREAM_TEXT}</p>;
  return (
    <div className={s.body}>
      <div className={s.pickers}>
        <Field id="mapping-stream" label="Stream">
          <select id="mapping-stream" className={d.select} value={stream} onChange={(e) => setPicked(e.target.value)}>
            {list.some((x) => x.stream === stream) ? null : <option value={stream}>{stream}</option>}
            <Options items={list} value={(x) => x.stream} label={(x) => x.stream} />
          </select>
        </Field>
        <Field id="mapping-object" label="Object type">
          <select id="mapping-object" className={d.select} value={objectType} onChange={(e) => setObjectType(e.target.value as FlatFileObjectType)}>
            {Object.entries(OBJECT_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {mapping.isPending ? (
        <LoadingState label="Loading mapping" />
      ) : mapping.isError ? (
        <p role="alert">The mapping could not be loaded.</p>
      ) : (
        // a fresh form for each stream and object type; after a save the form already shows what was saved
        <MappingForm key={`${stream}|${objectType}`} mapping={mapping.data} />
      )}
    </div>
  );
}

function MappingForm({ mapping }: { mapping: StreamMapping }) {
  const agent = useAgent();
  const toast = useToast();
  const canSave = hasPermission(agent, 'create_datafile_uploads');
  const settings = useDataSettingsQuery();
  const save = useSaveStreamMappingMutation(mapping.stream, mapping.object_type);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(mapping.columns.map((c) => [c.column, targetValue(c)])));
  const [timeZone, setTimeZone] = useState(mapping.time_zone);
  const [error, setError] = useState<string | null>(null);
  const custom = (settings.data ?? []).filter((x) => x.key_type === 'CUSTOM');
  const doubled = doubledNativeFields(values);
  const missing = missingRequired(mapping, values);

  const submit = () => {
    setError(null);
    save.mutate(
      { time_zone: timeZone, columns: mapping.columns.map((c) => columnInput(c.column, values[c.column] ?? IGNORED)) },
      { onSuccess: () => toast.show({ message: 'Mapping saved.', type: 'Success' }), onError: (e) => setError(e.message) },
    );
  };

  return (
    <form
      className={s.body}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {!mapping.saved ? (
        <p className={s.note}>Nothing is saved for this stream yet: the targets below are suggested from the column names of its newest file.</p>
      ) : null}
      <div className={d.field} style={{ maxWidth: '20rem' }}>
        <label className={d.label} htmlFor="mapping-zone">
          Stream time zone
        </label>
        <TimeZoneSelect id="mapping-zone" value={timeZone} disabled={!canSave} onChange={setTimeZone} />
      </div>
      {mapping.columns.length === 0 ? (
        <p className={s.note}>No columns yet: upload a file of this object type to this stream.</p>
      ) : (
        <table className={s.table} aria-label="Column mapping">
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Maps to</th>
            </tr>
          </thead>
          <tbody>
            {mapping.columns.map((c) => (
              <tr key={c.column}>
                <td className={s.column}>{c.column}</td>
                <td>
                  <select
                    className={d.select}
                    aria-label={`Target of column ${c.column}`}
                    value={values[c.column] ?? IGNORED}
                    disabled={!canSave}
                    onChange={(e) => setValues((v) => ({ ...v, [c.column]: e.target.value }))}
                  >
                    <option value={IGNORED}>Ignored</option>
                    <optgroup label="Native fields">
                      {mapping.native_fields.map((f) => (
                        <option key={f.field} value={`native:${f.field}`}>
                          {f.label}
                          {f.required ? ' (required)' : ''}
                        </option>
                      ))}
                    </optgroup>
                    <optgroup label="Custom data settings">
                      {custom.map((x) => (
                        <option key={x.id} value={`setting:${x.id}`}>
                          {x.user_facing_label} ({x.key_path})
                        </option>
                      ))}
                    </optgroup>
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {doubled.length ? <p className={d.fieldError}>Each native field can be filled by one column only: {doubled.join(', ')}.</p> : null}
      {missing.length ? <p className={s.warning}>No column fills {missing.join(', ')}: every row will fail with a conditional required field error.</p> : null}
      {error ? (
        <p className={d.formError} role="alert">
          {error}
        </p>
      ) : null}
      <div className={s.actions}>
        <button type="submit" className={button({ variant: 'primary' })} disabled={!canSave || save.isPending || doubled.length > 0}>
          Save
        </button>
        {!canSave ? <span className={s.note}>Saving a mapping needs the create datafile uploads permission.</span> : null}
      </div>
    </form>
  );
}
