// The entity's header: name, external id, type, status, risk score and blocked state. Blocked reads
// the blocked-reasons call (cached 10 s); the reasons themselves are the blocked-reasons display
// feature. The risk score is the risk score display feature.
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { useActiveRiskModelQuery, useBlockedReasonsQuery, type Entity } from './api/entity-queries';
import { UNSCORED_TOOLTIP } from './entity.constants';
import * as s from './entity.styles';
import { blockedState, formatScore, humanise, riskCategory, DEFAULT_THRESHOLDS } from './entity.utils';
import { ToneBadge } from './parts';

export function useRiskThresholds() {
  const agent = useAgent();
  const model = useActiveRiskModelQuery(hasPermission(agent, 'read_risk_ratings'));
  return model.data ?? DEFAULT_THRESHOLDS;
}

export function RiskScore({ score }: { score: number | null }) {
  const thresholds = useRiskThresholds();
  if (score === null) {
    return (
      <span title={UNSCORED_TOOLTIP} aria-label={`Not scored. ${UNSCORED_TOOLTIP}`} tabIndex={0}>
        Not scored
      </span>
    );
  }
  const category = riskCategory(score, thresholds);
  return (
    <>
      <span>{formatScore(score)}</span>
      <ToneBadge tone={category.tone}>{category.label}</ToneBadge>
    </>
  );
}

function Blocked({ externalId }: { externalId: string }) {
  const agent = useAgent();
  const reasons = useBlockedReasonsQuery(externalId);
  if (reasons.isPending) return <span className={s.secondary}>…</span>;
  if (reasons.isError) return <span className={s.secondary}>Unavailable</span>;
  const list = reasons.data.blocked_reasons;
  const state = blockedState(list);
  const showReasons = agent.feature_flags.includes('blocked_reasons_display') && list.length > 0;
  return (
    <>
      <ToneBadge tone={state.tone}>{state.label}</ToneBadge>
      {showReasons ? (
        <ul className={s.reasons} aria-label="Blocked reasons">
          {list.map((r) => (
            <li key={r}>
              <ToneBadge tone="neutral">{r}</ToneBadge>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

export function EntityHeader({ entity, compact = false }: { entity: Entity; compact?: boolean }) {
  const agent = useAgent();
  const showRisk = agent.feature_flags.includes('risk_score_display');
  const Heading = compact ? 'h2' : 'h1';
  return (
    <header className={compact ? s.column : s.headerCard}>
      <div className={s.titleBlock}>
        <Heading className={compact ? s.panelTitle : s.title}>{entity.name_readable}</Heading>
        <span className={s.subtitle}>{entity.external_id}</span>
      </div>
      <dl className={compact ? s.compactFacts : s.facts}>
        <div className={s.fact}>
          <dt className={s.factLabel}>Type</dt>
          <dd className={s.factValue}>{entity.entity_type === 'business' ? 'Business' : 'User'}</dd>
        </div>
        <div className={s.fact}>
          <dt className={s.factLabel}>Status</dt>
          <dd className={s.factValue}>{humanise(entity.status)}</dd>
        </div>
        {showRisk ? (
          <div className={s.fact}>
            <dt className={s.factLabel}>Risk score</dt>
            <dd className={s.factValue}>
              <RiskScore score={entity.risk_score} />
            </dd>
          </div>
        ) : null}
        <div className={s.fact}>
          <dt className={s.factLabel}>Blocked</dt>
          <dd className={s.factValue}>
            <Blocked externalId={entity.external_id} />
          </dd>
        </div>
      </dl>
    </header>
  );
}
