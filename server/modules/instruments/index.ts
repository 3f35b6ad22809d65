/** Instruments: one instrument, locking, unlocking and deactivating it, and its transactions. */
export { instrumentsHandlers } from './instruments.js';
export { loadInstruments, requireInstrument } from './load.js';
