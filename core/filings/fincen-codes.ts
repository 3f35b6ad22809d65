/**
 * FinCEN's codes for the SAR batch (EFL_SARXBatchSchema.xsd, version 1.2): the enumerations of the
 * schema with the labels its `xsd:documentation` gives them, and the lists the schema leaves to
 * FinCEN's edit checks (states, countries). The SAR writer (fincen-sar.ts) and prefiling validation
 * (prefiling.ts) read them (through server/domain/filings/fincen-codes.ts), and the console offers
 * them as choices, so they live in core/. Labels follow the schema's text,
 * with its three misspellings corrected ("Healthcase", "unusal", "penalites").
 */

/** The kinds of TIN Vigil holds (server/domain/filings/model.ts's TinType). */
export type FincenTinType = 'EIN' | 'SSN_ITIN' | 'FOREIGN';

export interface SuspiciousActivityTypeCode {
  /** SuspiciousActivityTypeID */
  id: number;
  label: string;
}

export interface SuspiciousActivitySubtypeCode {
  /** SuspiciousActivitySubtypeID, unique across all types */
  id: number;
  /** the SuspiciousActivityTypeID it belongs to */
  type: number;
  label: string;
  /** an "Other" subtype, which FinCEN accepts only with a description (OtherSuspiciousActivityTypeText) */
  other: boolean;
}

export const SUSPICIOUS_ACTIVITY_TYPES: readonly SuspiciousActivityTypeCode[] = [
  { id: 1, label: 'Structuring' },
  { id: 3, label: 'Fraud' },
  { id: 4, label: 'Identification documentation' },
  { id: 5, label: 'Insurance' },
  { id: 6, label: 'Securities/Futures/Options' },
  { id: 7, label: 'Terrorist financing' },
  { id: 8, label: 'Money laundering' },
  { id: 9, label: 'Other suspicious activities' },
  { id: 10, label: 'Mortgage fraud' },
  { id: 11, label: 'Cyber event' },
  { id: 12, label: 'Gaming activities' },
];

/** [id, label] per type; each type's "Other" subtype (id type*1000+999) is added below. */
const SUBTYPES_BY_TYPE: Record<number, Array<[number, string]>> = {
  1: [
    [106, 'Suspicious inquiry by customer regarding BSA reporting or recordkeeping requirements'],
    [111, 'Alters or cancels transaction to avoid BSA recordkeeping requirement'],
    [112, 'Alters or cancels transaction to avoid CTR requirement'],
    [113, 'Transaction(s) below BSA recordkeeping threshold'],
    [114, 'Transaction(s) below CTR threshold'],
  ],
  3: [
    [301, 'Check'],
    [304, 'Consumer loan'],
    [305, 'Credit/Debit card'],
    [308, 'Mail'],
    [309, 'Mass-marketing'],
    [310, 'Pyramid scheme'],
    [312, 'Wire transfer'],
    [320, 'ACH'],
    [321, 'Business loan'],
    [322, 'Advance fee'],
    [323, 'Healthcare/Public or private health insurance'],
    [324, 'Ponzi scheme'],
    [325, 'Securities fraud'],
  ],
  4: [
    [401, 'Changes spelling or arrangement of name'],
    [402, 'Multiple individuals with same or similar identities'],
    [403, 'Provided questionable or false documentation'],
    [404, 'Refused or avoided request for documentation'],
    [405, 'Single individual with multiple identities'],
    [409, 'Provided questionable or false identification'],
  ],
  5: [
    [501, 'Excessive insurance'],
    [502, 'Excessive or unusual cash borrowing against policy/annuity'],
    [504, 'Proceeds sent to unrelated third party'],
    [505, "Suspicious life settlement sales insurance (e.g., STOLI's, Viaticals)"],
    [506, 'Suspicious termination of policy or contract'],
    [507, 'Unclear or no insurable interest'],
  ],
  6: [
    [601, 'Insider trading'],
    [603, 'Misappropriation'],
    [604, 'Unauthorized pooling'],
    [608, 'Market manipulation'],
    [609, 'Wash trading'],
  ],
  7: [[701, 'Known or suspected terrorist/terrorist organization']],
  8: [
    [801, 'Exchanges small bills for large bills or vice versa'],
    [804, 'Suspicious designation of beneficiaries, assignees or joint owners'],
    [805, 'Suspicious EFT/wire transfers'],
    [806, 'Suspicious receipt of government payments/benefits'],
    [807, 'Suspicious use of multiple accounts'],
    [808, 'Suspicious use of noncash monetary instruments'],
    [809, 'Suspicious use of third-party transactors (straw-man)'],
    [812, 'Transaction out of pattern for customer(s)'],
    [820, 'Suspicious concerning the physical condition of funds'],
    [821, 'Suspicious concerning the source of funds'],
    [822, 'Suspicious exchange of currencies'],
    [823, 'Trade Based Money Laundering/Black Market Peso Exchange'],
    [824, 'Funnel account'],
  ],
  9: [
    [901, 'Bribery or gratuity'],
    [903, 'Embezzlement/theft/disappearance of funds'],
    [904, 'Forgeries'],
    [905, 'Identity theft'],
    [907, 'Suspected public/private corruption (domestic)'],
    [908, 'Suspected public/private corruption (foreign)'],
    [909, 'Suspicious use of informal value transfer system'],
    [910, 'Suspicious use of multiple locations'],
    [911, 'Two or more individuals working together'],
    [913, 'Unlicensed or unregistered MSB'],
    [917, 'Counterfeit instrument (other)'],
    [920, 'Account takeover'],
    [921, 'Elder financial exploitation'],
    [922, 'Little or no concern for product performance, penalties, fees, or tax consequences'],
    [924, 'Misuse of position or self-dealing'],
    [925, 'Transaction with no apparent economic, business, or lawful purpose'],
    [926, 'Human smuggling'],
    [927, 'Human trafficking'],
    [928, 'Transaction(s) involving foreign high risk jurisdiction'],
  ],
  10: [
    [1001, 'Appraisal fraud'],
    [1003, 'Loan modification fraud'],
    [1005, 'Application fraud'],
    [1006, 'Foreclosure/Short sale fraud'],
    [1007, 'Origination fraud'],
  ],
  11: [
    [1101, 'Against financial institution(s)'],
    [1102, 'Against financial institution customer(s)'],
  ],
  12: [
    [1201, 'Chip walking'],
    [1202, 'Minimal gaming with large transactions'],
    [1203, 'Suspicious use of counter checks or markers'],
    [1204, 'Unknown source of chips'],
  ],
};

export const SUSPICIOUS_ACTIVITY_SUBTYPES: readonly SuspiciousActivitySubtypeCode[] = SUSPICIOUS_ACTIVITY_TYPES.flatMap(({ id: type }) => [
  ...(SUBTYPES_BY_TYPE[type] ?? []).map(([id, label]) => ({ id, type, label, other: false })),
  { id: type * 1000 + 999, type, label: 'Other', other: true },
]);

const typesById = new Map(SUSPICIOUS_ACTIVITY_TYPES.map((t) => [t.id, t]));
const subtypesById = new Map(SUSPICIOUS_ACTIVITY_SUBTYPES.map((s) => [s.id, s]));

export const suspiciousActivityType = (id: number): SuspiciousActivityTypeCode | undefined => typesById.get(id);
export const suspiciousActivitySubtype = (id: number): SuspiciousActivitySubtypeCode | undefined => subtypesById.get(id);
export const typeLabel = (id: number): string | undefined => typesById.get(id)?.label;
export const subtypeLabel = (id: number): string | undefined => subtypesById.get(id)?.label;

/** ActivityPartyTypeCode: the role of each Party in a SAR. */
export const PARTY_TYPE = {
  TRANSMITTER: '35',
  TRANSMITTER_CONTACT: '37',
  FILING_INSTITUTION: '30',
  CONTACT_OFFICE: '8',
  ACTIVITY_INSTITUTION: '34',
  ACTIVITY_BRANCH: '46',
  SUBJECT: '33',
  ACCOUNT_INSTITUTION: '41',
} as const;

export interface CodeLabel {
  code: string;
  label: string;
}

/** PrimaryRegulatorTypeCode (ValidateFederalRegulatorCodeType). */
export const FEDERAL_REGULATORS: readonly CodeLabel[] = [
  { code: '9', label: 'CFTC' },
  { code: '1', label: 'Federal Reserve' },
  { code: '2', label: 'FDIC' },
  { code: '13', label: 'FHFA' },
  { code: '7', label: 'IRS' },
  { code: '3', label: 'NCUA' },
  { code: '4', label: 'OCC' },
  { code: '6', label: 'SEC' },
  { code: '99', label: 'Not applicable' },
];

/**
 * OrganizationTypeID (ValidateOrganizationCodeType) for the filing institution. FinCEN's "Other"
 * (999) needs a description the filer profile does not hold, so it is not offered.
 */
export const INSTITUTION_TYPES: readonly CodeLabel[] = [
  { code: '1', label: 'Casino/Card club' },
  { code: '2', label: 'Depository institution' },
  { code: '3', label: 'Insurance company' },
  { code: '4', label: 'Money Services Business (MSB)' },
  { code: '5', label: 'Securities/Futures' },
  { code: '11', label: 'Loan or Finance Company' },
  { code: '12', label: 'Housing GSE' },
];

/** PartyIdentificationTypeCode (ValidatePartyIdentificationCodeType). */
export const PARTY_IDENTIFICATION_TYPES: readonly CodeLabel[] = [
  { code: '1', label: 'SSN/ITIN' },
  { code: '2', label: 'EIN' },
  { code: '4', label: 'TIN' },
  { code: '5', label: "Driver's license/State ID" },
  { code: '6', label: 'Passport' },
  { code: '7', label: 'Alien registration' },
  { code: '9', label: 'Foreign' },
  { code: '10', label: 'CRD number' },
  { code: '11', label: 'IARD number' },
  { code: '12', label: 'NFA ID number' },
  { code: '13', label: 'SEC number' },
  { code: '14', label: 'RSSD number' },
  { code: '28', label: 'Transmitter Control Code' },
  { code: '29', label: 'Internal Control Number' },
  { code: '32', label: 'NAIC number' },
  { code: '33', label: 'NMLS Id number' },
  { code: '999', label: 'Other' },
];

/** The PartyIdentificationTypeCode of each kind of TIN the product holds. */
export const TIN_TYPE_CODES: Readonly<Record<FincenTinType, string>> = { SSN_ITIN: '1', EIN: '2', FOREIGN: '9' };
export const TIN_TYPE_LABELS: Readonly<Record<FincenTinType, string>> = { SSN_ITIN: 'SSN/ITIN', EIN: 'EIN', FOREIGN: 'Foreign' };

export interface SubjectRelationshipCode extends CodeLabel {
  /** the PartyAssociation indicator the code sets */
  element: string;
}

/**
 * A subject's relationship to the institution. The schema has no code list for it, only one
 * indicator element per relationship; these codes are Vigil's (model.ts's SarSubject names 7 for a
 * customer and 5 for an employee). FinCEN's "Other" relationship needs a description a subject does
 * not hold, so it is not offered.
 */
export const SUBJECT_RELATIONSHIPS: readonly SubjectRelationshipCode[] = [
  { code: '1', label: 'Accountant', element: 'AccountantIndicator' },
  { code: '2', label: 'Agent', element: 'AgentIndicator' },
  { code: '3', label: 'Appraiser', element: 'AppraiserIndicator' },
  { code: '4', label: 'Attorney', element: 'AttorneyIndicator' },
  { code: '5', label: 'Employee', element: 'EmployeeIndicator' },
  { code: '6', label: 'Borrower', element: 'BorrowerIndicator' },
  { code: '7', label: 'Customer', element: 'CustomerIndicator' },
  { code: '8', label: 'Director', element: 'DirectorIndicator' },
  { code: '9', label: 'Officer', element: 'OfficerIndicator' },
  { code: '10', label: 'Owner or controlling shareholder', element: 'OwnerShareholderIndicator' },
  { code: '11', label: 'No relationship to institution', element: 'NoRelationshipToInstitutionIndicator' },
];

const relationshipsByCode = new Map(SUBJECT_RELATIONSHIPS.map((r) => [r.code, r]));
export const subjectRelationship = (code: string): SubjectRelationshipCode | undefined => relationshipsByCode.get(code);

const labelled = (list: readonly CodeLabel[]) => {
  const byCode = new Map(list.map((c) => [c.code, c.label]));
  return (code: string): string | undefined => byCode.get(code);
};
export const regulatorLabel = labelled(FEDERAL_REGULATORS);
export const institutionTypeLabel = labelled(INSTITUTION_TYPES);

/** US states, the District of Columbia, the territories and the armed forces' codes. */
export const US_STATES: readonly CodeLabel[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
  ['AS', 'American Samoa'],
  ['FM', 'Federated States of Micronesia'],
  ['GU', 'Guam'],
  ['MH', 'Marshall Islands'],
  ['MP', 'Northern Mariana Islands'],
  ['PW', 'Palau'],
  ['PR', 'Puerto Rico'],
  ['VI', 'U.S. Virgin Islands'],
  ['AA', 'Armed Forces Americas'],
  ['AE', 'Armed Forces Europe, Middle East, Africa and Canada'],
  ['AP', 'Armed Forces Pacific'],
].map(([code, label]) => ({ code, label }));

export const CANADIAN_PROVINCES: readonly CodeLabel[] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
].map(([code, label]) => ({ code, label }));

/** Mexican states by their ISO 3166-2:MX codes (the schema's state element holds up to three letters). */
export const MEXICAN_STATES: readonly CodeLabel[] = [
  ['AGU', 'Aguascalientes'],
  ['BCN', 'Baja California'],
  ['BCS', 'Baja California Sur'],
  ['CAM', 'Campeche'],
  ['CHP', 'Chiapas'],
  ['CHH', 'Chihuahua'],
  ['CMX', 'Ciudad de México'],
  ['COA', 'Coahuila'],
  ['COL', 'Colima'],
  ['DUR', 'Durango'],
  ['GUA', 'Guanajuato'],
  ['GRO', 'Guerrero'],
  ['HID', 'Hidalgo'],
  ['JAL', 'Jalisco'],
  ['MEX', 'México'],
  ['MIC', 'Michoacán'],
  ['MOR', 'Morelos'],
  ['NAY', 'Nayarit'],
  ['NLE', 'Nuevo León'],
  ['OAX', 'Oaxaca'],
  ['PUE', 'Puebla'],
  ['QUE', 'Querétaro'],
  ['ROO', 'Quintana Roo'],
  ['SLP', 'San Luis Potosí'],
  ['SIN', 'Sinaloa'],
  ['SON', 'Sonora'],
  ['TAB', 'Tabasco'],
  ['TAM', 'Tamaulipas'],
  ['TLA', 'Tlaxcala'],
  ['VER', 'Veracruz'],
  ['YUC', 'Yucatán'],
  ['ZAC', 'Zacatecas'],
].map(([code, label]) => ({ code, label }));

/** Countries whose addresses carry a US state code and a US ZIP: the US and its territories. */
export const US_ADDRESS_COUNTRIES: ReadonlySet<string> = new Set(['US', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'PR', 'VI']);

/** The countries where FinCEN asks for a state (or province) and a postal code. */
export const STATE_COUNTRIES: ReadonlySet<string> = new Set([...US_ADDRESS_COUNTRIES, 'CA', 'MX']);

const stateSets: Record<string, ReadonlySet<string>> = {
  US: new Set(US_STATES.map((s) => s.code)),
  CA: new Set(CANADIAN_PROVINCES.map((s) => s.code)),
  MX: new Set(MEXICAN_STATES.map((s) => s.code)),
};

/** Whether `state` is a state (province) code of `country`; US territories use the US list. */
export function isStateOf(country: string, state: string): boolean {
  const key = US_ADDRESS_COUNTRIES.has(country) ? 'US' : country;
  return stateSets[key]?.has(state) ?? false;
}

/** ISO 3166-1 alpha-2 country codes, with XK (Kosovo), which FinCEN's country list also has. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
    'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
  ).split(' '),
);
