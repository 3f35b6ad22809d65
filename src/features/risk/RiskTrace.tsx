// Why an entity has its score (spec part 2, section 3 "Risk score result"): the segment that took it
// and, per parameter, its weight, its risk score and the points it adds, the metric's raw value and
// the mapping that matched or the default that applied.
import { badge } from '../work/work.styles';
import { formatNumber, traceRows, type RiskScoreResult, type ScoredBy } from './risk-trace.utils';
import * as s from './risk.styles';

function ScoredByCell({ by }: { by: ScoredBy }) {
  if (by.kind === 'mapping') return <>{by.text}</>;
  // a default that raised the risk is worth the reader's eye: it is often missing data
  const tone = by.high ? 'warning' : 'neutral';
  return (
    <span className={s.scoredBy}>
      <span className={badge({ tone })} data-tone={tone}>
        Default
      </span>
      <span className={s.muted}>{by.text}</span>
    </span>
  );
}

export function RiskTrace({ result }: { result: RiskScoreResult }) {
  const rows = traceRows(result);
  const titleId = 'risk-trace-title';
  return (
    <section className={s.traceBlock} aria-labelledby={titleId}>
      <h2 id={titleId} className={s.traceTitle}>
        Score trace
      </h2>
      <div className={s.traceScroll}>
        <table className={s.table}>
          <caption className={s.caption}>{`Segment: ${result.snapshot.entity_segment_title || '—'}`}</caption>
          <thead>
            <tr>
              <th className={s.th} scope="col">
                Parameter
              </th>
              <th className={`${s.th} ${s.num}`} scope="col">
                Weight
              </th>
              <th className={`${s.th} ${s.num}`} scope="col">
                Risk score
              </th>
              <th className={`${s.th} ${s.num}`} scope="col">
                Points
              </th>
              <th className={s.th} scope="col">
                Metric
              </th>
              <th className={s.th} scope="col">
                Raw value
              </th>
              <th className={s.th} scope="col">
                Matched
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className={s.tr}>
                <td className={`${s.td} ${s.muted}`} colSpan={7}>
                  The segment has no parameters.
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.parameterId} className={s.tr}>
                  <th className={`${s.td} ${s.rowHeader}`} scope="row">
                    {r.parameter}
                  </th>
                  <td className={`${s.td} ${s.num}`}>{formatNumber(r.weight)}</td>
                  <td className={`${s.td} ${s.num}`}>{formatNumber(r.risk)}</td>
                  <td className={`${s.td} ${s.num}`}>{r.contribution.toFixed(1)}</td>
                  <td className={s.td}>{r.metric}</td>
                  <td className={s.td}>{r.rawValue}</td>
                  <td className={s.td}>
                    <ScoredByCell by={r.scoredBy} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr className={`${s.tr} ${s.totalRow}`}>
              <th className={`${s.td} ${s.rowHeader}`} scope="row" colSpan={3}>
                Score
              </th>
              <td className={`${s.td} ${s.num}`}>{result.score.toFixed(1)}</td>
              <td className={s.td} colSpan={3} />
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}
