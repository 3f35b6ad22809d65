// The model's last validation: its status (polled while queued or in progress), when it ran, and
// the Low / Medium / High distribution a successful run counted (or why it failed).
import { longTime } from '../../../lib/time';
import { badge, badgeDot } from '../../../features/work/work.styles';
import type { RiskModel } from '../../../api/risk-models/queries';
import { NOT_VALIDATED, VALIDATION_LABELS, VALIDATION_TONES } from '../editor/editor.constants';
import * as s from '../risk-ratings.styles';
import { TableHead } from '../../../ui/RowTable';

export function ValidationBadge({ validation }: { validation: RiskModel['last_validation'] }) {
  if (!validation) return <span className={badge({ tone: 'neutral' })}>{NOT_VALIDATED}</span>;
  const tone = VALIDATION_TONES[validation.status];
  return (
    <span className={badge({ tone })} data-tone={tone}>
      <span className={badgeDot} aria-hidden="true" />
      {VALIDATION_LABELS[validation.status]}
    </span>
  );
}

const share = (n: number, of: number) => (of > 0 ? `${Math.round((n / of) * 1000) / 10}%` : '0%');

export function ValidationSummary({ model }: { model: RiskModel }) {
  const v = model.last_validation;
  const running = v?.status === 'queued' || v?.status === 'in_progress';
  const dist = v?.status === 'success' ? v.distribution : null;
  const scored = dist ? dist.low + dist.medium + dist.high : 0;
  const rows = dist
    ? [
        { label: 'Low risk', n: dist.low, colour: s.barLow, rule: `below ${model.low_risk_ceiling}` },
        { label: 'Medium risk', n: dist.medium, colour: s.barMedium, rule: `${model.low_risk_ceiling} to ${model.high_risk_floor}` },
        { label: 'High risk', n: dist.high, colour: s.barHigh, rule: `above ${model.high_risk_floor}` },
      ]
    : [];
  return (
    <section className={s.card} aria-labelledby="rm-validation-heading">
      <div className={s.header}>
        <h2 id="rm-validation-heading" className={s.cardTitle}>
          Last validation
        </h2>
        <ValidationBadge validation={v} />
        {v?.validated_at ? <span className={s.small}>{longTime(v.validated_at)}</span> : null}
      </div>
      <div role="status" aria-live="polite">
        {!v ? <p className={s.note}>Validate the model to see how it would rate the organisation's entities.</p> : null}
        {running ? <p className={s.note}>Scoring every entity of the organisation under this model; this page follows the run.</p> : null}
        {v?.status === 'failed' ? <p className={s.alert}>The validation failed{v.error ? `: ${v.error}` : '.'}</p> : null}
      </div>
      {dist ? (
        <>
          <div className={s.bar} aria-hidden="true">
            {rows.map((r) => (
              <span key={r.label} className={r.colour} style={{ width: share(r.n, scored) }} />
            ))}
          </div>
          <table className={s.distribution} aria-label="Risk distribution">
            <TableHead columns={['Category', 'Score', 'Entities', 'Share']} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row">
                    <span className={`${s.swatch} ${r.colour}`} aria-hidden="true" />
                    {r.label}
                  </th>
                  <td className={s.muted}>{r.rule}</td>
                  <td className={s.numeric}>{r.n.toLocaleString('en-US')}</td>
                  <td className={s.numeric}>{share(r.n, scored)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={s.small}>
            {dist.total.toLocaleString('en-US')} entities in the organisation; {dist.excluded.toLocaleString('en-US')} excluded by the segments' filters.
          </p>
        </>
      ) : null}
    </section>
  );
}
