// Small cells shared by the explorer's columns.
import type { components } from '../../../../openapi/schema';
import { compactTime, longTime } from '../../../lib/time';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { CENSORED_TOOLTIP, CENSORED_VALUE, formatValue } from './explorer-format';
import * as s from './explorer.styles';
import { listCells } from '../../../ui/list.recipes';

const cells = listCells();

export type FormattedData = components['schemas']['FormattedData'];

export function Muted() {
  return <span className={cells.muted}>—</span>;
}

export function EventTime({ iso }: { iso: string }) {
  return (
    <time className={cells.numeric} dateTime={iso} title={longTime(iso)}>
      {compactTime(iso)}
    </time>
  );
}

/**
 * A custom field's value. The server masks a censored value as "••••••" (the raw value never
 * reaches an agent without read access); it is shown with the spec's tooltip.
 */
export function CensorableText({ value }: { value: string | number | boolean | null | undefined }) {
  if (value === CENSORED_VALUE) {
    return (
      <span className={s.censored} title={CENSORED_TOOLTIP}>
        {CENSORED_VALUE}
        <VisuallyHidden> {CENSORED_TOOLTIP}</VisuallyHidden>
      </span>
    );
  }
  const text = formatValue(value);
  return text ? (
    <span className={cells.truncate} title={text}>
      {text}
    </span>
  ) : (
    <Muted />
  );
}
