// Words for the alert's values on its page and panel.
import type { components } from '../../../../openapi/schema';

type AlertType = components['schemas']['AlertType'];
type AlertScore = components['schemas']['AlertScore'];

const TYPE_LABELS: Record<AlertType, string> = {
  TRANSACTION_MONITORING: 'Transaction monitoring',
  ACTION_EVENT_MONITORING: 'Action event monitoring',
  MANUAL: 'Manual',
};

export function alertTypeLabel(type: AlertType): string {
  return TYPE_LABELS[type] ?? type;
}

const RISK_LABELS: Record<AlertScore['risk'], string> = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' };

/** "82 · High risk"; "—" when the alert has no score. */
export function scoreText(score: AlertScore | null): string {
  if (!score) return '—';
  return `${Math.round(score.score)} · ${RISK_LABELS[score.risk] ?? score.risk}`;
}

export function riskTone(score: AlertScore | null): 'error' | 'warning' | 'success' | 'neutral' {
  if (!score) return 'neutral';
  return score.risk === 'high' ? 'error' : score.risk === 'medium' ? 'warning' : 'success';
}
