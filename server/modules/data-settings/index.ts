import { settingsHandlers } from './data-settings.js';
import { revealCensoredFieldHandlers } from './reveal-censored-field.js';

/** Data settings: the custom and native fields of the organisation's data, their censorship, and revealing a censored value. */
export const dataSettingsHandlers = { ...settingsHandlers, ...revealCensoredFieldHandlers };
