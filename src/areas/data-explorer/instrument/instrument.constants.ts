// Texts of the instrument page's status changes (not in the spec).
import type { InstrumentAction } from '../../../api/instruments/mutations';

export const INSTRUMENT_FAILED = 'Failed to retrieve instrument.';
export const INSTRUMENT_TRANSACTIONS_FAILED = 'Failed to load the instrument’s transactions.';

export const ACTION_LABELS: Record<InstrumentAction, string> = { lock: 'Lock', unlock: 'Unlock', deactivate: 'Deactivate' };

export const ACTION_DONE: Record<InstrumentAction, string> = {
  lock: 'Instrument locked.',
  unlock: 'Instrument unlocked.',
  deactivate: 'Instrument deactivated.',
};

export const ACTION_FAILED: Record<InstrumentAction, string> = {
  lock: 'Failed to lock instrument. Please try again.',
  unlock: 'Failed to unlock instrument. Please try again.',
  deactivate: 'Failed to deactivate instrument. Please try again.',
};
