// The entity's header: name, external id, type, status, risk score and blocked state. Blocked reads
// the blocked-reasons call (cached 10 s); the reasons themselves are the blocked-reasons display
// feature. The risk score is the risk score display feature, read through the scores batcher.
import type { ReactNode } from 'react';
import { useAgent } from '../../../app/auth/auth-context';
import { RiskScore } from '../../../features/risk';
import { useBlockedReasonsQuery, type Entity } from '../../../api/entities/queries';
import { DetailHeader } from '../../../ui/DetailHeader';
import { Fact } from '../../../ui/Facts';
import * as s from './entity.styles';
import { blockedState, humanise } from './entity.utils';
import { ToneBadge } from './parts';

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

/** `actions` beside the title: the page's Create alert. */
export function EntityHeader({ entity, compact = false, actions }: { entity: Entity; compact?: boolean; actions?: ReactNode }) {
  const agent = useAgent();
  const showRisk = agent.feature_flags.includes('risk_score_display');
  return (
    <DetailHeader title={entity.name_readable} subtitle={entity.external_id} compact={compact} kind="record" as="header" actions={actions}>
      <dl className={compact ? s.compactFacts : s.facts}>
        <Fact label="Type" className={s.factValue}>
          {entity.entity_type === 'business' ? 'Business' : 'User'}
        </Fact>
        <Fact label="Status" className={s.factValue}>
          {humanise(entity.status)}
        </Fact>
        {showRisk ? (
          <Fact label="Risk score" className={s.factValue}>
            <RiskScore externalId={entity.external_id} fallback={entity.risk_score} />
          </Fact>
        ) : null}
        <Fact label="Blocked" className={s.factValue}>
          <Blocked externalId={entity.external_id} />
        </Fact>
      </dl>
    </DetailHeader>
  );
}
