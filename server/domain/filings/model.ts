/**
 * What a regulatory filing holds, independent of where it is stored and of the format it is sent in:
 * the FinCEN SAR and CTR batch writers (fincen-sar.ts, fincen-ctr.ts), prefiling validation
 * (prefiling.ts) and the CTR computation (ctr.ts) all speak these types. Dates are calendar dates
 * `YYYY-MM-DD`; amounts are US dollars (FinCEN reports whole dollars, rounded by the writers).
 */

export interface Address {
  street: string | null;
  city: string | null;
  /** two-letter US state or Canadian province code, or null (outside the US, Canada and Mexico) */
  state: string | null;
  /** US ZIP (5 or 9 digits) or foreign postal code */
  zip: string | null;
  /** two-letter ISO 3166 country code */
  country: string | null;
}

export type TinType = 'EIN' | 'SSN_ITIN' | 'FOREIGN';

/**
 * The organisation's filing profile (edited with the SARs config permission): who transmits the
 * batch to FinCEN and which institution files it.
 */
export interface FilerProfile {
  transmitter: {
    /** legal name of the transmitter (the organisation itself for a direct filer) */
    name: string;
    tin: string;
    /** the Transmitter Control Code FinCEN assigned */
    tcc: string;
    address: Address;
    phone: string;
    contactName: string;
  };
  institution: {
    legalName: string;
    tin: string;
    tinType: TinType;
    /** primary federal regulator, a FinCEN code (fincen-codes.ts FEDERAL_REGULATORS: '4' OCC, '2' FDIC, '1' Federal Reserve, '3' NCUA...) */
    primaryRegulator: string;
    /** type of financial institution, a FinCEN code (e.g. '2' depository institution, '1' casino, '4' MSB) */
    institutionType: string;
    /** RSSD number or other identification, when the institution has one */
    rssd: string | null;
    address: Address;
    /** the office a regulator or law enforcement calls about the filing */
    contactOffice: { name: string; phone: string };
  };
}

export interface SarSubject {
  /** the product's entity id, when the subject is a customer (null for a non-customer subject) */
  entityId: number | null;
  kind: 'INDIVIDUAL' | 'ORGANIZATION';
  /** last name, or an organisation's legal name; null when unknown (the filing then says so) */
  lastOrLegalName: string | null;
  firstName: string | null;
  middleName: string | null;
  /** doing-business-as name of an organisation */
  alternateName: string | null;
  tin: string | null;
  tinType: TinType | null;
  /** YYYY-MM-DD; month and day may be 00 when unknown */
  dateOfBirth: string | null;
  address: Address | null;
  phone: string | null;
  email: string | null;
  occupation: string | null;
  /** the subject's accounts at the filing institution involved in the activity */
  accounts: Array<{ number: string; closed: boolean }>;
  /** relationship to the institution: a FinCEN code (e.g. '7' customer, '5' employee) */
  relationship: string | null;
}

export interface SuspiciousActivityCategory {
  /** SuspiciousActivityTypeID (e.g. 1 structuring, 8 money laundering) */
  type: number;
  /** SuspiciousActivitySubtypeID within the type */
  subtype: number;
  /** text for an "Other" subtype */
  other: string | null;
}

export interface SarFiling {
  /** the product's SAR id */
  id: number;
  /** initial report, correction or amendment of a prior report, or continuing activity */
  filingType: 'INITIAL' | 'CORRECT_AMEND' | 'CONTINUING';
  /** the prior report's BSA id, for a correction or continuing activity */
  priorBsaId: string | null;
  /** the filer's own reference (the case) */
  internalControlNumber: string;
  activityStart: string;
  activityEnd: string;
  /** total suspicious amount in dollars; null when none can be stated (the filing says amount unknown) */
  totalAmount: number | null;
  categories: SuspiciousActivityCategory[];
  subjects: SarSubject[];
  /** IP addresses involved in the activity, with the date first seen (YYYY-MM-DD) when known */
  ipAddresses: Array<{ address: string; date: string | null }>;
  narrative: string;
  /** the date the filing is prepared (YYYY-MM-DD) */
  filingDate: string;
  /** the filing institution's branch or office where the activity occurred */
  branch: { address: Address } | null;
}

/** A person (or organisation) a CTR reports, with what the entity and its CTR custom data say about them. */
export interface CtrPerson {
  entityId: number;
  externalId: string;
  kind: 'INDIVIDUAL' | 'ORGANIZATION';
  lastOrLegalName: string | null;
  firstName: string | null;
  middleName: string | null;
  tin: string | null;
  tinType: TinType | null;
  dateOfBirth: string | null;
  address: Address | null;
  occupation: string | null;
  /** how the filer identified the person (driver's licence, passport...), when it did */
  identification: { type: string; number: string; issuerState: string | null; issuerCountry: string | null } | null;
}

/** One CTR: a person's cash for one business day, when either direction is over the threshold. */
export interface CtrFiling {
  person: CtrPerson;
  /** the business day, YYYY-MM-DD in the organisation's zone */
  businessDay: string;
  /** total cash in (deposits, payments received in cash) and out (withdrawals), dollars */
  cashIn: number;
  cashOut: number;
  /** whether the totals aggregate more than one transaction */
  multipleTransactions: boolean;
  /** the accounts the cash went through, and the transactions counted */
  accounts: string[];
  transactionIds: number[];
  /**
   * The accounts by the way the cash went (the batch marks each account cash in or cash out);
   * without it the batch lists each account for each way the person's cash went.
   */
  accountsByDirection?: { cashIn: string[]; cashOut: string[] };
  /**
   * How the person took part: conducting on their own behalf (an account holder), conducting for
   * another (someone else's account), or the person on whose behalf the transactions were conducted
   * (always so for an organisation). Absent: own behalf for an individual.
   */
  partyRole?: 'OWN_BEHALF' | 'FOR_ANOTHER' | 'ON_WHOSE_BEHALF';
}

/** One problem prefiling validation finds: the field (a path into SarFiling or FilerProfile) and what FinCEN would say. */
export interface FieldProblem {
  /** e.g. `subjects[0].tin`, `activityStart`, `profile.institution.address.zip` */
  path: string;
  message: string;
  /** FATAL problems stop the filing; WARN ones are shown and let it go */
  level: 'FATAL' | 'WARN';
}
