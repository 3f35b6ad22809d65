// Errors grouped by type, each instance with its row number, value, raw data, columns, annotation
// and transformation. Unknown errors show at most their first 10 instances.
import type { FlatFileError } from '../../../../api/flat-files/queries';
import type { ErrorGroup } from './flat-file-errors.utils';
import * as s from './panel.styles';

export function ErrorGroups({ groups }: { groups: ErrorGroup[] }) {
  return (
    <>
      {groups.map((group) => (
        <details key={group.type} className={s.group} open data-error-type={group.type}>
          <summary>
            <span>{group.label}</span>
            <span aria-label={`${group.total} in all`}>{group.total}</span>
          </summary>
          <ul className={s.instances} aria-label={group.label}>
            {group.shown.map((error, index) => (
              <li key={`${error.row_number ?? 'file'}-${index}`}>
                <ErrorInstance error={error} />
              </li>
            ))}
          </ul>
          {group.total > group.shown.length ? (
            <p className={s.note} style={{ padding: '0 0.75rem 0.75rem' }}>
              Showing the first {group.shown.length} of {group.total}. Download JSON has them all.
            </p>
          ) : null}
        </details>
      ))}
    </>
  );
}

function ErrorInstance({ error }: { error: FlatFileError }) {
  return (
    <dl className={s.instance}>
      <dt>Row</dt>
      <dd>{error.row_number ?? 'File'}</dd>
      <dt>Value</dt>
      <dd>{error.value ?? '—'}</dd>
      <dt>Columns</dt>
      <dd>{error.columns.length ? error.columns.join(', ') : '—'}</dd>
      <dt>Annotation</dt>
      <dd>{error.annotation ?? '—'}</dd>
      <dt>Transformation</dt>
      <dd>{error.transformation ?? '—'}</dd>
      {error.count > 1 ? (
        <>
          <dt>Count</dt>
          <dd>{error.count}</dd>
        </>
      ) : null}
      <dt>Raw data</dt>
      <dd>{error.raw_data ? <pre className={s.raw}>{JSON.stringify(error.raw_data, null, 1)}</pre> : '—'}</dd>
    </dl>
  );
}
