// How the explorer lists show their values: en-US wording like the rest of the console; times come
// from src/lib/time.ts (compact in the cells, long in their titles).
import type { ActionType } from '../../../api/action-events/queries';
import type { InternalTxnType, TransactionStatus } from '../../../api/transactions/queries';

/** What the server sends in place of a value the agent may not read (spec part 2, section 6). */
export const CENSORED_VALUE = '••••••';
export const CENSORED_TOOLTIP = 'This field is censored.';

export const STATUS_LABELS: Record<TransactionStatus, string> = { COMPLETED: 'Completed', PENDING: 'Pending', FAILED: 'Failed', REVERSED: 'Reversed' };
export const STATUS_TONES: Record<TransactionStatus, 'success' | 'warning' | 'error' | 'neutral'> = {
  COMPLETED: 'success',
  PENDING: 'warning',
  FAILED: 'error',
  REVERSED: 'neutral',
};
export const TYPE_LABELS: Record<InternalTxnType, string> = {
  ACH: 'ACH',
  WIRE: 'Wire',
  CARD: 'Card',
  CHECK: 'Check',
  CASH: 'Cash',
  P2P: 'Peer to peer',
  INTERNAL_TRANSFER: 'Internal transfer',
};
export const ACTION_LABELS: Record<ActionType, string> = {
  LOGIN: 'Login',
  FAILED_LOGIN: 'Failed login',
  PASSWORD_RESET: 'Password reset',
  CHANGE_EMAIL: 'Email change',
  CHANGE_PHONE: 'Phone change',
  ADD_PAYEE: 'Payee added',
  ADD_DEVICE: 'Device added',
  PROFILE_UPDATE: 'Profile update',
};

export function actionLabel(type: string): string {
  return ACTION_LABELS[type as ActionType] ?? type;
}

const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const counts = new Intl.NumberFormat('en-US');

export const formatMoney = (amount: number) => money.format(amount);
export const formatCount = (n: number) => counts.format(n);

/** A formatted_data value as text: censored values stay as the server sent them. */
export function formatValue(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
