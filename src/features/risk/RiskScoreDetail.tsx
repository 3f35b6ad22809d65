// An entity's latest risk score in full: the gauge under the active model's thresholds, which model
// scored it and when, and the trace of how. An unscored entity says why it may have no score.
import { longTime } from '../../lib/time';
import { LoadingState } from '../../ui/LoadingState';
import { textLink } from '../../ui/recipes';
import { RiskGauge } from './RiskGauge';
import { RiskTrace } from './RiskTrace';
import { useEntityRiskScoreQuery } from '../../api/risk/queries';
import { useCanReadRisk, useRiskThresholds } from './use-risk';
import { NOT_SCORED, SCORE_FAILED, UNSCORED_TOOLTIP } from './risk.constants';
import * as s from './risk.styles';

function Unscored({ noModel = false }: { noModel?: boolean }) {
  return (
    <div className={s.gaugeFacts}>
      <p className={s.traceTitle}>{NOT_SCORED}</p>
      <p className={s.unscoredText}>{UNSCORED_TOOLTIP}</p>
      {noModel ? <p className={s.unscoredText}>No risk model is active.</p> : null}
    </div>
  );
}

export function RiskScoreDetail({ externalId, fallback }: { externalId: string; fallback: number | null }) {
  const canRead = useCanReadRisk();
  const thresholds = useRiskThresholds();
  const q = useEntityRiskScoreQuery(externalId, canRead);

  if (!canRead) {
    // without read_risk_ratings there is no trace to show: the entity's own score, with defaults
    return fallback === null ? <Unscored /> : <RiskGauge score={fallback} thresholds={thresholds} />;
  }
  if (q.isPending) return <LoadingState label="Loading risk score" />;
  if (q.isError) {
    return (
      <p role="alert" className={s.gaugeFacts}>
        {SCORE_FAILED}{' '}
        <button type="button" className={textLink()} onClick={() => void q.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  const result = q.data?.result ?? null;
  if (!result) return <Unscored noModel={q.data?.risk_model === null} />;
  const model = q.data?.risk_model;
  return (
    <div className={s.traceBlock}>
      <div className={s.gaugeBlock}>
        <RiskGauge score={result.score} thresholds={thresholds} />
        <dl className={s.gaugeFacts}>
          <div>
            <dt>Risk model</dt>
            <dd className={s.factValue}>{model?.title ?? '—'}</dd>
          </div>
          <div>
            <dt>Scored</dt>
            <dd className={s.factValue}>{longTime(result.created_at)}</dd>
          </div>
          <div>
            <dt>Thresholds</dt>
            <dd className={s.factValue}>{`High risk above ${thresholds.high_risk_floor}, low risk below ${thresholds.low_risk_ceiling}`}</dd>
          </div>
        </dl>
      </div>
      <RiskTrace result={result} />
    </div>
  );
}
