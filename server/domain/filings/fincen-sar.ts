import { PARTY_TYPE, STATE_COUNTRIES, TIN_TYPE_CODES, suspiciousActivitySubtype, subjectRelationship } from './fincen-codes.js';
import {
  fincenCode,
  fincenDate,
  fincenNarrative,
  fincenPhone,
  fincenText,
  fincenTin,
  fincenZip,
  narrativeParts,
  wholeDollars,
  xmlEscape,
} from './fincen-sar.utils.js';
import type { Address, FilerProfile, SarFiling, SarSubject } from './model.js';

/**
 * FinCEN SAR batch XML (EFL_SARXBatchSchema.xsd): one `Activity` per filing, as FinCEN's BSA
 * E-Filing takes it in a batch. Written as text, element by element in the schema's order; every
 * element with a SeqNum gets the next number of the batch. The filings are expected to have passed
 * prefiling validation (prefiling.ts): this writes what it is given and marks what is missing as
 * unknown, it does not judge. docs/decisions.md ("FinCEN SAR batch XML") says which parties a SAR
 * carries and how unknown values, the narrative and amounts are written.
 */

export interface SarBatchOptions {
  /** one element per line (default), or the whole batch on one line */
  lineBreaks?: boolean;
}

const NAMESPACE = 'www.fincen.gov/base';

/** Text built element by element, numbering each element that takes a SeqNum. */
class BatchText {
  readonly out: string[] = [];
  seq = 0;
  parties = 0;
  constructor(readonly nl: string) {}

  open(name: string): void {
    this.out.push(`<fc2:${name} SeqNum="${++this.seq}">`, this.nl);
  }
  close(name: string): void {
    this.out.push(`</fc2:${name}>`, this.nl);
  }
  /** an element with a value; nothing when the value is '' */
  value(name: string, text: string): void {
    if (text !== '') this.out.push(`<fc2:${name}>`, xmlEscape(text), `</fc2:${name}>`, this.nl);
  }
  /** an indicator (`Y`), when `on` */
  flag(name: string, on = true): void {
    if (on) this.out.push(`<fc2:${name}>Y</fc2:${name}>`, this.nl);
  }
  party(type: string): void {
    this.parties++;
    this.open('Party');
    this.value('ActivityPartyTypeCode', type);
  }
}

/** The SAR batch for `filings`, filed by `profile`'s institution and sent by its transmitter. */
export function sarBatchXml(filings: SarFiling[], profile: FilerProfile, options: SarBatchOptions = {}): string {
  if (filings.length === 0) throw new Error('A SAR batch holds at least one filing');
  const nl = options.lineBreaks === false ? '' : '\n';
  const w = new BatchText(nl);
  let total = 0n;
  for (const filing of filings) {
    writeActivity(w, filing, profile);
    const dollars = amountInDollars(filing);
    if (dollars !== null && dollars > 0) total += BigInt(dollars);
  }
  const head =
    `<?xml version="1.0" encoding="UTF-8"?>${nl}` +
    `<fc2:EFilingBatchXML xmlns:fc2="${NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
    ` xsi:schemaLocation="${NAMESPACE} https://www.fincen.gov/base/EFL_SARXBatchSchema.xsd"` +
    ` ActivityCount="${filings.length}" TotalAmount="${total.toString()}" PartyCount="${w.parties}"` +
    ` ActivityAttachmentCount="0" AttachmentCount="0">${nl}` +
    `<fc2:FormTypeCode>SARX</fc2:FormTypeCode>${nl}`;
  return head + w.out.join('') + `</fc2:EFilingBatchXML>${nl}`;
}

function writeActivity(w: BatchText, filing: SarFiling, profile: FilerProfile): void {
  w.open('Activity');
  if (filing.filingType !== 'INITIAL') w.value('EFilingPriorDocumentNumber', fincenText(filing.priorBsaId));
  w.value('FilingDateText', fincenDate(filing.filingDate));

  w.open('ActivityAssociation');
  w.flag('ContinuingActivityReportIndicator', filing.filingType === 'CONTINUING');
  w.flag('CorrectsAmendsPriorReportIndicator', filing.filingType === 'CORRECT_AMEND');
  w.flag('InitialReportIndicator', filing.filingType === 'INITIAL');
  w.close('ActivityAssociation');

  writeTransmitter(w, profile);
  writeInstitution(w, profile, PARTY_TYPE.FILING_INSTITUTION, filing);
  writeContactOffice(w, profile);
  writeInstitution(w, profile, PARTY_TYPE.ACTIVITY_INSTITUTION, filing);
  if (filing.branch) {
    w.party(PARTY_TYPE.ACTIVITY_BRANCH);
    writeAddress(w, filing.branch.address, false);
    w.close('Party');
  }
  const institutionTin = fincenTin(profile.institution.tin);
  for (const subject of filing.subjects) writeSubject(w, subject, institutionTin);

  writeSuspiciousActivity(w, filing);

  for (const ip of filing.ipAddresses) {
    w.open('ActivityIPAddress');
    if (ip.date) w.value('ActivityIPAddressDateText', fincenDate(ip.date));
    w.value('IPAddressText', fincenText(ip.address));
    w.close('ActivityIPAddress');
  }

  narrativeParts(fincenNarrative(filing.narrative)).forEach((part, i) => {
    w.open('ActivityNarrativeInformation');
    w.value('ActivityNarrativeSequenceNumber', String(i + 1));
    w.value('ActivityNarrativeText', part);
    w.close('ActivityNarrativeInformation');
  });
  w.close('Activity');
}

function writePartyName(w: BatchText, fullName: string, type = 'L'): void {
  w.open('PartyName');
  w.value('PartyNameTypeCode', type);
  w.value('RawPartyFullName', fincenText(fullName));
  w.close('PartyName');
}

function writePhone(w: BatchText, phone: string | null): void {
  const digits = fincenPhone(phone);
  if (digits === '') return;
  w.open('PhoneNumber');
  w.value('PhoneNumberText', digits);
  w.close('PhoneNumber');
}

function writeIdentification(w: BatchText, number: string, typeCode: string): void {
  if (number === '') return;
  w.open('PartyIdentification');
  w.value('PartyIdentificationNumberText', number);
  w.value('PartyIdentificationTypeCode', typeCode);
  w.close('PartyIdentification');
}

/**
 * An address. With `unknowns` (a subject's), each part that is missing is marked unknown; a state is
 * only written, or marked unknown, where FinCEN asks for one (the US and its territories, Canada,
 * Mexico, or a country that is itself unknown).
 */
function writeAddress(w: BatchText, address: Address | null, unknowns: boolean): void {
  const city = fincenText(address?.city);
  const country = fincenCode(address?.country);
  const hasStates = country === '' || STATE_COUNTRIES.has(country);
  const state = hasStates ? fincenCode(address?.state) : '';
  const street = fincenText(address?.street);
  const zip = fincenZip(address?.zip, country);
  w.open('Address');
  w.flag('CityUnknownIndicator', unknowns && city === '');
  w.flag('CountryCodeUnknownIndicator', unknowns && country === '');
  w.value('RawCityText', city);
  w.value('RawCountryCodeText', country);
  w.value('RawStateCodeText', state);
  w.value('RawStreetAddress1Text', street);
  w.value('RawZIPCode', zip);
  w.flag('StateCodeUnknownIndicator', unknowns && hasStates && state === '');
  w.flag('StreetAddressUnknownIndicator', unknowns && street === '');
  w.flag('ZIPCodeUnknownIndicator', unknowns && zip === '');
  w.close('Address');
}

/** The transmitter (35), with its TIN and Transmitter Control Code, and its contact (37). */
function writeTransmitter(w: BatchText, profile: FilerProfile): void {
  const t = profile.transmitter;
  w.party(PARTY_TYPE.TRANSMITTER);
  writePartyName(w, t.name);
  writeAddress(w, t.address, false);
  writePhone(w, t.phone);
  writeIdentification(w, fincenTin(t.tin), '4');
  writeIdentification(w, fincenText(t.tcc), '28');
  w.close('Party');

  w.party(PARTY_TYPE.TRANSMITTER_CONTACT);
  writePartyName(w, t.contactName);
  w.close('Party');
}

/**
 * The filing institution (30), which also carries the filing's internal control number, or the
 * institution where the activity occurred (34), which says when no branch was involved. Both are the
 * profile's institution.
 */
function writeInstitution(w: BatchText, profile: FilerProfile, type: string, filing: SarFiling): void {
  const inst = profile.institution;
  w.party(type);
  w.flag('NoBranchActivityInvolvedIndicator', type === PARTY_TYPE.ACTIVITY_INSTITUTION && filing.branch === null);
  w.value('PrimaryRegulatorTypeCode', fincenText(inst.primaryRegulator));
  writePartyName(w, inst.legalName);
  writeAddress(w, inst.address, false);
  writeIdentification(w, fincenTin(inst.tin), TIN_TYPE_CODES[inst.tinType]);
  writeIdentification(w, fincenText(inst.rssd), '14');
  if (type === PARTY_TYPE.FILING_INSTITUTION) writeIdentification(w, fincenText(filing.internalControlNumber), '29');
  w.open('OrganizationClassificationTypeSubtype');
  w.value('OrganizationTypeID', fincenText(inst.institutionType));
  w.close('OrganizationClassificationTypeSubtype');
  w.close('Party');
}

/** The office regulators and law enforcement call (8). */
function writeContactOffice(w: BatchText, profile: FilerProfile): void {
  w.party(PARTY_TYPE.CONTACT_OFFICE);
  writePartyName(w, profile.institution.contactOffice.name);
  writePhone(w, profile.institution.contactOffice.phone);
  w.close('Party');
}

/**
 * A subject (33). When nothing critical is known of it (name, TIN, date of birth, address) it says
 * so with AllCriticalSubjectInformationUnavailableIndicator and records none of them; otherwise each
 * one missing is marked unknown. FinCEN's gender items are marked unknown: Vigil holds no gender.
 */
function writeSubject(w: BatchText, s: SarSubject, institutionTin: string): void {
  const individual = s.kind === 'INDIVIDUAL';
  const last = fincenText(s.lastOrLegalName);
  const first = individual ? fincenText(s.firstName) : '';
  const tin = fincenTin(s.tin);
  const dob = individual ? fincenDate(fincenText(s.dateOfBirth)) : '';
  const a = s.address;
  const noAddress = !a || [a.street, a.city, a.state, a.zip, a.country].every((part) => fincenText(part) === '');
  const nothingKnown = last === '' && first === '' && tin === '' && dob === '' && noAddress;

  w.party(PARTY_TYPE.SUBJECT);
  w.flag('AllCriticalSubjectInformationUnavailableIndicator', nothingKnown);
  w.flag('BirthDateUnknownIndicator', individual && !nothingKnown && dob === '');
  w.value('IndividualBirthDateText', dob);
  w.flag('NoKnownAccountInvolvedIndicator', s.accounts.length === 0);
  w.flag('PartyAsEntityOrganizationIndicator', !individual);
  w.flag('UnknownGenderIndicator', individual);

  if (!nothingKnown) {
    w.open('PartyName');
    w.flag('EntityLastNameUnknownIndicator', last === '');
    w.flag('FirstNameUnknownIndicator', individual && first === '');
    w.value('PartyNameTypeCode', 'L');
    w.value('RawEntityIndividualLastName', last);
    w.value('RawIndividualFirstName', first);
    if (individual) w.value('RawIndividualMiddleName', fincenText(s.middleName));
    w.close('PartyName');
  }
  const alternate = fincenText(s.alternateName);
  if (alternate !== '') writePartyName(w, alternate, individual ? 'AKA' : 'DBA');
  if (!nothingKnown) writeAddress(w, a, true);
  writePhone(w, s.phone);
  if (!nothingKnown) {
    w.open('PartyIdentification');
    w.value('PartyIdentificationNumberText', tin);
    if (tin !== '' && s.tinType) w.value('PartyIdentificationTypeCode', TIN_TYPE_CODES[s.tinType]);
    w.flag('TINUnknownIndicator', tin === '');
    w.close('PartyIdentification');
  }
  const occupation = fincenText(s.occupation);
  if (occupation !== '') {
    w.open('PartyOccupationBusiness');
    w.value('OccupationBusinessText', occupation);
    w.close('PartyOccupationBusiness');
  }
  const email = fincenText(s.email);
  if (email !== '') {
    w.open('ElectronicAddress');
    w.value('ElectronicAddressText', email);
    w.value('ElectronicAddressTypeCode', 'E');
    w.close('ElectronicAddress');
  }
  const relationship = s.relationship ? subjectRelationship(s.relationship) : undefined;
  if (relationship) {
    w.open('PartyAssociation');
    w.flag(relationship.element);
    w.value('SubjectRelationshipFinancialInstitutionTINText', institutionTin);
    w.close('PartyAssociation');
  }
  if (s.accounts.length > 0) writeAccounts(w, s, institutionTin);
  w.close('Party');
}

/**
 * The subject's accounts involved in the activity (PartyAccountAssociation 7, "activity affected
 * account"), all held at the filing institution: one institution party (41) identified by its TIN,
 * each account associated with it (5, "institution in which account is held"), closed ones marked.
 */
function writeAccounts(w: BatchText, s: SarSubject, institutionTin: string): void {
  w.open('PartyAccountAssociation');
  w.value('PartyAccountAssociationTypeCode', '7');
  w.party(PARTY_TYPE.ACCOUNT_INSTITUTION);
  writeIdentification(w, institutionTin, '4');
  for (const account of s.accounts) {
    w.open('Account');
    w.value('AccountNumberText', fincenText(account.number));
    w.open('PartyAccountAssociation');
    w.flag('AccountClosedIndicator', account.closed);
    w.value('PartyAccountAssociationTypeCode', '5');
    w.close('PartyAccountAssociation');
    w.close('Account');
  }
  w.close('Party');
  w.close('PartyAccountAssociation');
}

/** The filing's amount in whole dollars; null when it is unknown (or not a number). */
function amountInDollars(filing: SarFiling): number | null {
  return filing.totalAmount === null || !Number.isFinite(filing.totalAmount) ? null : wholeDollars(filing.totalAmount);
}

/**
 * The amount (whole dollars; unknown when null, "no amount involved" when zero), the dates and the
 * categories; an "Other" subtype carries its description.
 */
function writeSuspiciousActivity(w: BatchText, filing: SarFiling): void {
  const amount = amountInDollars(filing);
  w.open('SuspiciousActivity');
  w.flag('AmountUnknownIndicator', amount === null);
  w.flag('NoAmountInvolvedIndicator', amount !== null && amount <= 0);
  w.value('SuspiciousActivityFromDateText', fincenDate(filing.activityStart));
  w.value('SuspiciousActivityToDateText', fincenDate(filing.activityEnd));
  if (amount !== null && amount > 0) w.value('TotalSuspiciousAmountText', String(amount));
  for (const category of filing.categories) {
    w.open('SuspiciousActivityClassification');
    if (suspiciousActivitySubtype(category.subtype)?.other) w.value('OtherSuspiciousActivityTypeText', fincenText(category.other));
    w.value('SuspiciousActivitySubtypeID', String(category.subtype));
    w.value('SuspiciousActivityTypeID', String(category.type));
    w.close('SuspiciousActivityClassification');
  }
  w.close('SuspiciousActivity');
}
