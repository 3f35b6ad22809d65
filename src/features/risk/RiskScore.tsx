// An entity's risk score where a header or a list shows it: the latest score read through the
// batcher (so a page of rows makes one call), its category badge, or "Not scored" with the spec's
// tooltip (part 2, section 8). An agent who may not read risk ratings, or a failed read, sees the
// score the entity itself carries.
import { Tooltip } from '../../ui/Tooltip';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import { badge, badgeDot } from '../work/work.styles';
import { formatScore, riskCategory } from './risk-category';
import { useEntityRiskScoreQuery } from '../../api/risk/queries';
import { useCanReadRisk, useRiskThresholds } from './use-risk';
import { NOT_SCORED, UNSCORED_TOOLTIP } from './risk.constants';
import * as s from './risk.styles';

export function NotScored() {
  return (
    <Tooltip text={UNSCORED_TOOLTIP}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users reach its tooltip (ui/Tooltip.tsx) */}
      <span className={s.unscored} tabIndex={0} data-unscored="">
        {NOT_SCORED}
        <VisuallyHidden>{`. ${UNSCORED_TOOLTIP}`}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}

/** The score the batcher answers for an entity; undefined while it is being read. */
export function useLatestScore(externalId: string, fallback: number | null): number | null | undefined {
  const canRead = useCanReadRisk();
  const q = useEntityRiskScoreQuery(externalId, canRead);
  if (!canRead || q.isError || (q.isSuccess && q.data === null)) return fallback;
  if (q.isPending) return undefined;
  return q.data?.result?.score ?? null;
}

interface Props {
  externalId: string;
  /** The score the entity read carries, for agents who cannot read risk ratings. */
  fallback: number | null;
  /** A list cell shows the number only; a header adds the category badge. */
  compact?: boolean;
}

export function RiskScore({ externalId, fallback, compact = false }: Props) {
  const thresholds = useRiskThresholds();
  const score = useLatestScore(externalId, fallback);
  if (score === undefined) {
    return (
      <span className={s.muted} aria-busy="true">
        …<VisuallyHidden>Loading risk score</VisuallyHidden>
      </span>
    );
  }
  if (score === null) {
    return compact ? (
      <span className={s.muted} title={UNSCORED_TOOLTIP}>
        —<VisuallyHidden>{NOT_SCORED}</VisuallyHidden>
      </span>
    ) : (
      <NotScored />
    );
  }
  const category = riskCategory(score, thresholds);
  if (compact) {
    return (
      <span title={category.label} data-tone={category.tone}>
        {formatScore(score)}
      </span>
    );
  }
  return (
    <span className={s.inline}>
      <span>{formatScore(score)}</span>
      <span className={badge({ tone: category.tone })} data-tone={category.tone}>
        <span className={badgeDot} aria-hidden="true" />
        {category.label}
      </span>
    </span>
  );
}
