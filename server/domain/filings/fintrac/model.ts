import type { components } from '../../../../openapi/schema.js';

/**
 * What a FINTRAC report holds (the contract's types, openapi/components/fintrac.yaml): an STR's
 * details of suspicion and action taken, the subjects (persons and entities) it names, and its
 * transactions as FINTRAC's report forms describe them (when, how much, the funds' type and how
 * the transaction was conducted: its starting action; where the funds went: its completing action).
 * An LCTR is the same content without the suspicion: the cash receipts of one conductor.
 */

type S = components['schemas'];

export type FintracReportType = S['FintracReportType'];
export type FintracSubject = S['FintracSubject'];
export type FintracTransaction = S['FintracTransaction'];
export type FintracAddress = S['FintracAddress'];
export type FintracSettings = S['FintracSettings'];

/** The stored content of a report (fintrac_reports.content). */
export interface FintracContent {
  suspicion: string;
  action_taken: string;
  subjects: FintracSubject[];
  transactions: FintracTransaction[];
}

/** A report as it is validated and filed. */
export interface FintracFiling {
  id: number;
  reportType: FintracReportType;
  reference: string;
  content: FintracContent;
  twentyFourHourRule: boolean;
  /** the day it is validated or filed, `YYYY-MM-DD` in the organisation's zone */
  today: string;
}

/** A large cash transaction is cash received of this many dollars or more (FINTRAC: 10,000 or more, equal included). */
export const LCTR_THRESHOLD = 10_000;
/** An LCTR is due within 15 calendar days of the transaction. */
export const LCTR_DUE_DAYS = 15;
/** FINTRAC takes details of suspicion of up to 10,000 characters, and an action taken of up to 2,000. */
export const STR_SUSPICION_LIMIT = 10_000;
export const STR_ACTION_LIMIT = 2_000;
/** Transactions one report holds at most; more are reported in further reports. */
export const FINTRAC_TRANSACTIONS_LIMIT = 1_000;

/** Canadian provinces and territories. */
export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;

/** The settings of an organisation that never saved its own: nothing set (validation reports each missing value). */
export const NO_FINTRAC_SETTINGS: FintracSettings = {
  reporting_entity_number: null,
  entity_name: null,
  location: null,
  contact: { name: null, email: null, phone: null },
  lctr_enabled: false,
  max_send_attempts: 5,
};

export const blankFintracAddress = (): FintracAddress => ({ street: null, city: null, province: null, postal_code: null, country: null });
