// The risk gauge (spec part 2, sections 4 and 9): a half circle from 0 to 100 with its marks at 0,
// 50 and 100, filled up to the score in the category's colour (High risk above the high-risk floor
// in the error colour, Low risk below the low-risk ceiling in success, Medium risk in warning), with
// the two thresholds ticked on the track. Assistive technology reads it as a meter.
import { badge, badgeDot } from '../work/work.styles';
import { clampRisk, formatScore, riskCategory, type RiskThresholds } from './risk-category';
import { GAUGE_MARKS, RISK_MAX } from './risk.constants';
import * as s from './risk.styles';

const CX = 100;
const CY = 104;
const R = 80;
const STROKE = 14;

/** The point on the arc for a risk value: 0 on the left, 100 on the right, 50 on top. */
function point(value: number, radius = R): [number, number] {
  const angle = Math.PI * (1 - clampRisk(value) / RISK_MAX);
  return [CX + radius * Math.cos(angle), CY - radius * Math.sin(angle)];
}

const fmt = (n: number) => n.toFixed(2);

function arc(to: number): string {
  const [x0, y0] = point(0);
  const [x1, y1] = point(to);
  return `M ${fmt(x0)} ${fmt(y0)} A ${R} ${R} 0 0 1 ${fmt(x1)} ${fmt(y1)}`;
}

function Tick({ value }: { value: number }) {
  const [x0, y0] = point(value, R - STROKE / 2 - 3);
  const [x1, y1] = point(value, R + STROKE / 2 + 3);
  return <line className={s.gaugeThreshold} x1={fmt(x0)} y1={fmt(y0)} x2={fmt(x1)} y2={fmt(y1)} />;
}

function Mark({ value }: { value: number }) {
  // the ends sit under the track, the middle above it
  const [x, y] = value === 50 ? [CX, CY - R - STROKE / 2 - 6] : [point(value)[0], CY + 16];
  return (
    <text className={s.gaugeMark} x={fmt(x)} y={fmt(y)} textAnchor="middle" data-mark={value}>
      {value}
    </text>
  );
}

export function RiskGauge({ score, thresholds }: { score: number; thresholds: RiskThresholds }) {
  const category = riskCategory(score, thresholds);
  const shown = formatScore(score);
  return (
    <figure className={s.gaugeFigure}>
      <div
        role="meter"
        aria-label="Risk score"
        aria-valuemin={0}
        aria-valuemax={RISK_MAX}
        aria-valuenow={clampRisk(score)}
        aria-valuetext={`${shown} of ${RISK_MAX}, ${category.label}`}
        data-tone={category.tone}
      >
        <svg className={s.gaugeSvg} viewBox="0 0 200 126" aria-hidden="true" focusable="false">
          <path className={s.gaugeTrack} d={arc(RISK_MAX)} strokeWidth={STROKE} />
          {score > 0 ? <path className={s.gaugeValue({ tone: category.tone })} d={arc(score)} strokeWidth={STROKE} /> : null}
          <Tick value={thresholds.low_risk_ceiling} />
          <Tick value={thresholds.high_risk_floor} />
          {GAUGE_MARKS.map((m) => (
            <Mark key={m} value={m} />
          ))}
          <text className={s.gaugeScore} x={CX} y={CY - 6} textAnchor="middle">
            {shown}
          </text>
        </svg>
      </div>
      <figcaption>
        <span className={badge({ tone: category.tone })} data-tone={category.tone}>
          <span className={badgeDot} aria-hidden="true" />
          {category.label}
        </span>
      </figcaption>
    </figure>
  );
}
