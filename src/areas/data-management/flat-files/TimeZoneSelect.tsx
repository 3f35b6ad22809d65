// A stream's time zone, chosen among those the server knows; while that list cannot be read the
// current zone is the only choice and one line says why.
import { useTimezonesQuery } from '../../../api/streams/queries';
import * as d from '../../../ui/dialog.styles';
import { TIMEZONES_FAILED } from './upload.utils';
import { Options } from '../../../ui/Options';

interface Props {
  id: string;
  value: string;
  disabled: boolean;
  onChange: (zone: string) => void;
  /** Said under the field while the list is there. */
  hint?: string;
}

export function TimeZoneSelect({ id, value, disabled, onChange, hint }: Props) {
  const timezones = useTimezonesQuery();
  return (
    <>
      <select id={id} className={d.select} value={value} disabled={disabled || timezones.isError} onChange={(e) => onChange(e.target.value)}>
        <Options items={timezones.data ?? [value]} value={(z) => z} label={(z) => z} />
      </select>
      {timezones.isError ? (
        <span className={d.fieldError} role="alert">
          {TIMEZONES_FAILED}
        </span>
      ) : hint ? (
        <span className={d.hint}>{hint}</span>
      ) : null}
    </>
  );
}
