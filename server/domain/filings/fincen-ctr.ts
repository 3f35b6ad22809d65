import type { Address, CtrFiling, CtrPerson, FilerProfile, TinType } from './model.js';

/**
 * The FinCEN CTR batch (FormTypeCode CTRX, valid against EFL_CTRXBatchSchema.xsd) for CTRs that
 * ctr.ts computed: transmitter, filer and the institution where the cash went, and each person with
 * their cash in and out, unknown values marked as the schema allows, SeqNums unique, root counts and
 * sums correct.
 */

export interface CtrBatchOptions {
  /** the date the batch is prepared, YYYY-MM-DD (today in UTC when absent) */
  filingDate?: string;
}

/** The federal regulator codes the CTR schema accepts ('14' unknown). */
const CTR_REGULATORS = new Set(['1', '2', '3', '4', '6', '7', '9', '14']);
/** The institution type codes the CTR schema accepts ('999' other). */
const CTR_INSTITUTION_TYPES = new Set(['1', '2', '4', '5', '999']);
const TIN_CODE: Record<TinType, string> = { SSN_ITIN: '1', EIN: '2', FOREIGN: '9' };
const PARTY_CODE = { OWN_BEHALF: '50', FOR_ANOTHER: '17', ON_WHOSE_BEHALF: '23' } as const;

/**
 * Text as FinCEN accepts it: characters XML 1.0 allows, no leading, trailing or repeated white space
 * (the schema's pattern `\S+( +\S+)*`), at most `max` characters (the schema's maxLength; longer
 * values are cut), escaped for element content.
 */
function text(value: string, max: number): string {
  const clean = value
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
  const cut = Array.from(clean).slice(0, max).join('').trim();
  return cut.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** Whole dollars, a fraction of a dollar rounded up (FinCEN's rule for CTR amounts). */
export function wholeDollars(amount: number): number {
  const cents = Math.round(amount * 100);
  return Math.max(0, Math.ceil(cents / 100));
}

const yyyymmdd = (date: string) => date.slice(0, 10).replace(/-/g, '');

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The FinCEN CTR batch (`EFilingBatchXML`, form type CTRX) of the filings: one Activity per CTR
 * with the transmitter (35), the transmitter contact (37), the reporting financial institution (30),
 * its contact office (8), the financial institution where the transactions took place (34) and the
 * person (50 conducting on their own behalf, 17 for another, 23 on whose behalf), then the
 * currency transaction activity: totals, deposit and withdrawal details, the business day. Unknown
 * values of the person are marked with the schema's unknown indicators. Amounts are whole dollars
 * (rounded up); the root carries the activity count, the party count and the total of all cash in
 * and out. Every element with a SeqNum gets a unique one, in document order.
 */
export function ctrBatchXml(filings: CtrFiling[], profile: FilerProfile, options: CtrBatchOptions = {}): string {
  if (filings.length === 0) throw new RangeError('a CTR batch holds at least one CTR');
  const filingDate = yyyymmdd(options.filingDate ?? today());
  let seq = 0;
  const next = () => ++seq;
  let parties = 0;
  let total = 0;
  const out: string[] = [];
  const el = (name: string, value: string, max: number) => `<${name}>${text(value, max)}</${name}>`;
  const empty = (name: string) => `<${name}></${name}>`;
  const yes = (name: string) => `<${name}>Y</${name}>`;

  const address = (a: Address | null, unknownMarks: boolean): string => {
    const known = a ?? { street: null, city: null, state: null, zip: null, country: null };
    if (!unknownMarks && !present(known.city) && !present(known.street) && !present(known.state) && !present(known.zip) && !present(known.country)) return '';
    const country = present(known.country) ? text(known.country.toUpperCase(), 2) : null;
    // a state is asked for only in the United States, Canada and Mexico (or when the country is unknown)
    const stateNeeded = country === null || country === 'US' || country === 'CA' || country === 'MX';
    const zip = present(known.zip) ? (country === null || country === 'US' ? known.zip.replace(/[\s-]/g, '') : known.zip) : null;
    const parts = [
      present(known.city) ? '' : unknownMarks ? yes('CityUnknownIndicator') : '',
      country ? '' : unknownMarks ? yes('CountryCodeUnknownIndicator') : '',
      present(known.city) ? el('RawCityText', known.city, 50) : '',
      country ? `<RawCountryCodeText>${country}</RawCountryCodeText>` : '',
      present(known.state) ? el('RawStateCodeText', known.state, 3) : '',
      present(known.street) ? el('RawStreetAddress1Text', known.street, 100) : '',
      present(zip) ? el('RawZIPCode', zip, 9) : '',
      present(known.state) || !stateNeeded ? '' : unknownMarks ? yes('StateCodeUnknownIndicator') : '',
      present(known.street) ? '' : unknownMarks ? yes('StreetAddressUnknownIndicator') : '',
      present(zip) ? '' : unknownMarks ? yes('ZIPCodeUnknownIndicator') : '',
    ];
    return `<Address SeqNum="${next()}">${parts.join('')}</Address>`;
  };
  const legalName = (name: string) => `<PartyName SeqNum="${next()}"><PartyNameTypeCode>L</PartyNameTypeCode>${el('RawPartyFullName', name, 150)}</PartyName>`;
  const phone = (number: string) => {
    // digits only; a North American number without its country code 1
    const digits = number.replace(/\D/g, '').replace(/^1(\d{10})$/, '$1');
    return digits ? `<PhoneNumber SeqNum="${next()}">${el('PhoneNumberText', digits, 16)}</PhoneNumber>` : '';
  };
  const identification = (code: string, number: string) =>
    `<PartyIdentification SeqNum="${next()}">${el('PartyIdentificationNumberText', number, 25)}<PartyIdentificationTypeCode>${code}</PartyIdentificationTypeCode></PartyIdentification>`;
  const party = (head: string, body: string) => {
    parties++;
    return `<Party SeqNum="${next()}">${head}${body}</Party>`;
  };
  const partyCode = (code: string) => `<ActivityPartyTypeCode>${code}</ActivityPartyTypeCode>`;
  const regulator = () => {
    const code = profile.institution.primaryRegulator.trim();
    return `<PrimaryRegulatorTypeCode>${CTR_REGULATORS.has(code) ? code : '14'}</PrimaryRegulatorTypeCode>`;
  };
  const classification = () => {
    const code = profile.institution.institutionType.trim();
    const known = CTR_INSTITUTION_TYPES.has(code);
    return `<OrganizationClassificationTypeSubtype SeqNum="${next()}"><OrganizationTypeID>${known ? code : '999'}</OrganizationTypeID>${
      known ? '' : el('OtherOrganizationTypeText', code ? `Type ${code}` : 'Other', 50)
    }</OrganizationClassificationTypeSubtype>`;
  };
  const institutionIds = () =>
    identification(TIN_CODE[profile.institution.tinType], profile.institution.tin.replace(/\D/g, '') || profile.institution.tin) +
    (present(profile.institution.rssd) ? identification('14', profile.institution.rssd) : '');

  for (const f of filings) {
    const cashIn = wholeDollars(f.cashIn);
    const cashOut = wholeDollars(f.cashOut);
    if (cashIn === 0 && cashOut === 0) throw new RangeError(`the CTR of ${f.person.externalId} on ${f.businessDay} reports no cash`);
    total += cashIn + cashOut;
    const p = f.person;
    const organisation = p.kind === 'ORGANIZATION';
    const role = organisation ? 'ON_WHOSE_BEHALF' : (f.partyRole ?? 'OWN_BEHALF');
    const amount = (name: string, dollars: number) => (dollars > 0 ? `<${name}>${dollars}</${name}>` : '');
    const activitySeq = next();
    const association = `<ActivityAssociation SeqNum="${next()}">${empty('CorrectsAmendsPriorReportIndicator')}${empty('FinCENDirectBackFileIndicator')}${yes('InitialReportIndicator')}</ActivityAssociation>`;
    const t = profile.transmitter;
    const i = profile.institution;
    const transmitter = party(
      partyCode('35'),
      legalName(t.name) + address(t.address, false) + phone(t.phone) + identification('4', t.tin.replace(/\D/g, '') || t.tin) + identification('28', t.tcc),
    );
    const transmitterContact = party(partyCode('37'), legalName(t.contactName));
    const reporting = party(partyCode('30') + regulator(), legalName(i.legalName) + address(i.address, false) + institutionIds() + classification());
    const contactOffice = party(partyCode('8'), legalName(i.contactOffice.name) + phone(i.contactOffice.phone));
    const location = party(
      partyCode('34') + amount('IndividualEntityCashInAmountText', cashIn) + amount('IndividualEntityCashOutAmountText', cashOut) + regulator(),
      legalName(i.legalName) + address(i.address, false) + institutionIds() + classification(),
    );

    // the person
    const head = [
      partyCode(PARTY_CODE[role]),
      !organisation && !present(p.dateOfBirth) ? yes('BirthDateUnknownIndicator') : '',
      !organisation && present(p.dateOfBirth) ? `<IndividualBirthDateText>${text(yyyymmdd(p.dateOfBirth), 8)}</IndividualBirthDateText>` : '',
      role === 'FOR_ANOTHER' ? '' : amount('IndividualEntityCashInAmountText', cashIn) + amount('IndividualEntityCashOutAmountText', cashOut),
      f.multipleTransactions ? yes('MultipleTransactionsPersonsIndividualsIndicator') : '',
      organisation ? yes('PartyAsEntityOrganizationIndicator') : '',
      organisation ? '' : yes('UnknownGenderIndicator'),
    ].join('');
    const name = organisation
      ? `<PartyName SeqNum="${next()}">${present(p.lastOrLegalName) ? '' : yes('EntityLastNameUnknownIndicator')}<PartyNameTypeCode>L</PartyNameTypeCode>${
          present(p.lastOrLegalName) ? el('RawEntityIndividualLastName', p.lastOrLegalName, 150) : ''
        }</PartyName>`
      : `<PartyName SeqNum="${next()}">${present(p.lastOrLegalName) ? '' : yes('EntityLastNameUnknownIndicator')}${
          present(p.firstName) ? '' : yes('FirstNameUnknownIndicator')
        }<PartyNameTypeCode>L</PartyNameTypeCode>${present(p.lastOrLegalName) ? el('RawEntityIndividualLastName', p.lastOrLegalName, 150) : ''}${
          present(p.firstName) ? el('RawIndividualFirstName', p.firstName, 35) : ''
        }${present(p.middleName) ? el('RawIndividualMiddleName', p.middleName, 35) : ''}</PartyName>`;
    const tin =
      present(p.tin) && p.tinType
        ? identification(TIN_CODE[p.tinType], p.tinType === 'FOREIGN' ? p.tin : p.tin.replace(/\D/g, '') || p.tin)
        : `<PartyIdentification SeqNum="${next()}">${yes('TINUnknownIndicator')}</PartyIdentification>`;
    const document = organisation ? '' : identificationDocument(p.identification, next);
    const occupation = present(p.occupation)
      ? `<PartyOccupationBusiness SeqNum="${next()}">${el('OccupationBusinessText', p.occupation, 50)}</PartyOccupationBusiness>`
      : '';
    const accounts = role === 'FOR_ANOTHER' ? '' : accountElements(f, next);
    const person = party(head, name + address(p.address, true) + tin + document + occupation + accounts);

    const details = [cashIn > 0 ? detail('55', cashIn, next) : '', cashOut > 0 ? detail('56', cashOut, next) : ''].join('');
    const activity = `<CurrencyTransactionActivity SeqNum="${next()}">${empty('AggregateTransactionIndicator')}${empty('ArmoredCarServiceIndicator')}${empty(
      'ATMIndicator',
    )}${empty('MailDepositShipmentIndicator')}${empty('NightDepositIndicator')}${empty('SharedBranchingIndicator')}<TotalCashInReceiveAmountText>${
      cashIn > 0 ? cashIn : ''
    }</TotalCashInReceiveAmountText><TotalCashOutAmountText>${cashOut > 0 ? cashOut : ''}</TotalCashOutAmountText><TransactionDateText>${yyyymmdd(
      f.businessDay,
    )}</TransactionDateText>${details}</CurrencyTransactionActivity>`;

    out.push(
      `<Activity SeqNum="${activitySeq}"><FilingDateText>${filingDate}</FilingDateText>${association}`,
      transmitter,
      transmitterContact,
      reporting,
      contactOffice,
      location,
      person,
      activity,
      '</Activity>',
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<EFilingBatchXML xmlns="www.fincen.gov/base" ActivityCount="${filings.length}" TotalAmount="${total}" PartyCount="${parties}">`,
    '<FormTypeCode>CTRX</FormTypeCode>',
    ...out,
    '</EFilingBatchXML>',
    '',
  ].join('\n');
}

function detail(code: string, dollars: number, next: () => number): string {
  return `<CurrencyTransactionActivityDetail SeqNum="${next()}"><CurrencyTransactionActivityDetailTypeCode>${code}</CurrencyTransactionActivityDetailTypeCode><DetailTransactionAmountText>${dollars}</DetailTransactionAmountText><OtherCurrencyTransactionActivityDetailText></OtherCurrencyTransactionActivityDetailText><OtherForeignCurrencyCountryText></OtherForeignCurrencyCountryText></CurrencyTransactionActivityDetail>`;
}

/** FinCEN's identification codes for the documents a filer examines: 5 driver's licence or state ID, 6 passport, 7 alien registration, 999 other. */
function identificationCode(type: string): string {
  const t = type.trim();
  if (['5', '6', '7', '999'].includes(t)) return t;
  if (/driv|licen[cs]e|state id/i.test(t)) return '5';
  if (/passport/i.test(t)) return '6';
  if (/alien|registration|green card/i.test(t)) return '7';
  return '999';
}

function identificationDocument(id: CtrPerson['identification'], next: () => number): string {
  if (!id || !present(id.number))
    return `<PartyIdentification SeqNum="${next()}"><IdentificationPresentUnknownIndicator>Y</IdentificationPresentUnknownIndicator></PartyIdentification>`;
  const code = identificationCode(id.type);
  const parts = [
    present(id.issuerCountry) ? `<OtherIssuerCountryText>${text(id.issuerCountry.toUpperCase(), 2)}</OtherIssuerCountryText>` : '',
    present(id.issuerState) ? `<OtherIssuerStateText>${text(id.issuerState.toUpperCase(), 3)}</OtherIssuerStateText>` : '',
    code === '999' ? `<OtherPartyIdentificationTypeText>${text(id.type || 'Other', 50)}</OtherPartyIdentificationTypeText>` : '',
    `<PartyIdentificationNumberText>${text(id.number, 25)}</PartyIdentificationNumberText>`,
    `<PartyIdentificationTypeCode>${code}</PartyIdentificationTypeCode>`,
  ];
  return `<PartyIdentification SeqNum="${next()}">${parts.join('')}</PartyIdentification>`;
}

/** The person's accounts, each with the direction the cash went (8 cash in, 9 cash out), at most the schema's 198. */
function accountElements(f: CtrFiling, next: () => number): string {
  // without the directions, each account is listed for each way the person's cash went
  const byDirection = f.accountsByDirection ?? { cashIn: f.cashIn > 0 ? f.accounts : [], cashOut: f.cashOut > 0 ? f.accounts : [] };
  const entries = [...byDirection.cashIn.map((number) => ({ number, code: '8' })), ...byDirection.cashOut.map((number) => ({ number, code: '9' }))];
  return entries
    .filter((a) => present(a.number))
    .slice(0, 198)
    .map(
      (a) =>
        `<Account SeqNum="${next()}"><AccountNumberText>${text(a.number, 40)}</AccountNumberText><PartyAccountAssociation SeqNum="${next()}"><PartyAccountAssociationTypeCode>${a.code}</PartyAccountAssociationTypeCode></PartyAccountAssociation></Account>`,
    )
    .join('');
}
