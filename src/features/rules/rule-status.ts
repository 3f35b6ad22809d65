// The words and tones of a rule's status and of a validation run's status, shared by the rules area
// and the rules admin dashboard.
import type { RuleStatus, RuleValidationStatus } from '../../api/rules/queries';

export const RULE_STATUSES: readonly RuleStatus[] = ['DRAFT', 'ACTIVE_SHADOW', 'ACTIVE', 'ARCHIVED'];

export const STATUS_LABELS: Record<RuleStatus, string> = {
  DRAFT: 'Draft',
  ACTIVE_SHADOW: 'Shadow',
  ACTIVE: 'Active',
  ARCHIVED: 'Archived',
};

export const STATUS_TONES: Record<RuleStatus, 'success' | 'warning' | 'neutral' | 'default'> = {
  DRAFT: 'default',
  ACTIVE_SHADOW: 'warning',
  ACTIVE: 'success',
  ARCHIVED: 'neutral',
};

export const VALIDATION_LABELS: Record<RuleValidationStatus, string> = {
  queued: 'Queued',
  in_progress: 'In progress',
  success: 'Success',
  failed: 'Failed',
};
export const VALIDATION_TONES: Record<RuleValidationStatus, 'success' | 'warning' | 'error' | 'default'> = {
  queued: 'default',
  in_progress: 'warning',
  success: 'success',
  failed: 'error',
};
export const NOT_VALIDATED = 'Not validated';
