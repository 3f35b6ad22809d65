// The tabs that show the alert's own fields: Custom Data (formatted_data), Alert score and
// Consortium hits (Vigil has no consortium feed).
import { css } from '../../../../../styled-system/css';
import { FieldValueView, isCensored } from '../../../../features/field-list/FieldList';
import * as w from '../../../../features/work/work.styles';
import type { Alert } from '../../../../api/alerts/queries';
import { riskTone, scoreText } from '../alert-detail-format';
import * as s from '../alert-detail.styles';
import { Fact } from '../../../../ui/Facts';
import { TableEmpty } from '../../../../ui/DataTable';
import { scalarText } from '../../../../../core/scalar-text';

/** Spec part 2, section 8: the empty state of detail sections. */
export const NOTHING_TO_DISPLAY = 'No information to display';

const grid = css({ p: '4' });
const meter = css({ position: 'relative', height: '2.5', borderRadius: 'full', bg: 'gray.100', overflow: 'hidden', maxWidth: '32rem' });
const marks = css({
  display: 'flex',
  justifyContent: 'space-between',
  maxWidth: '32rem',
  fontSize: 'xs',
  color: 'muted',
  mt: '1',
  fontVariantNumeric: 'tabular-nums',
});
const scoreBig = css({ fontSize: '3xl', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', lineHeight: '1' });
const scoreRow = css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4' });
const FILL: Record<string, string> = { error: '#b42318', warning: '#b54708', success: '#067647', neutral: '#98a2b3' };

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'object' ? JSON.stringify(value) : scalarText(value);
}

export function CustomDataTab({ alert }: { alert: Pick<Alert, 'id' | 'formatted_data'> }) {
  const fields = Object.entries(alert.formatted_data).sort(([, a], [, b]) => a.name_readable.localeCompare(b.name_readable));
  if (fields.length === 0) return <TableEmpty>{NOTHING_TO_DISPLAY}</TableEmpty>;
  return (
    <dl className={`${s.facts} ${grid}`}>
      {fields.map(([key, field]) => (
        <Fact key={key} label={field.name_readable} className={s.factValue}>
          {/* a censored field: the mask with its tooltip, and Reveal when the server offers it */}
          {isCensored(field.formatted_value) ? (
            <FieldValueView
              value={field.formatted_value}
              label={field.name_readable}
              reveal={field.revealable ? { object_type: 'ALERT', object_id: alert.id, data_setting_id: Number(key) } : undefined}
            />
          ) : (
            show(field.formatted_value)
          )}
        </Fact>
      ))}
    </dl>
  );
}

export function AlertScoreTab({ alert }: { alert: Pick<Alert, 'alert_score'> }) {
  const score = alert.alert_score;
  if (!score) return <TableEmpty>{NOTHING_TO_DISPLAY}</TableEmpty>;
  const tone = riskTone(score);
  const pct = Math.max(0, Math.min(100, score.score));
  return (
    <div className={grid}>
      <div className={scoreRow}>
        <span className={scoreBig}>{Math.round(score.score)}</span>
        <span className={w.badge({ tone })}>{scoreText(score).split(' · ')[1]}</span>
      </div>
      <div
        className={meter}
        role="meter"
        aria-label="Alert score"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(score.score)}
        aria-valuetext={scoreText(score)}
      >
        <span style={{ position: 'absolute', inset: 0, width: `${pct}%`, background: FILL[tone], borderRadius: 9999 }} />
      </div>
      <div className={marks} aria-hidden="true">
        <span>0</span>
        <span>50</span>
        <span>100</span>
      </div>
    </div>
  );
}

export function ConsortiumTab() {
  return <TableEmpty>{NOTHING_TO_DISPLAY}</TableEmpty>;
}
