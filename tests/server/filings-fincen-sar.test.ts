import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FEDERAL_REGULATORS,
  INSTITUTION_TYPES,
  PARTY_IDENTIFICATION_TYPES,
  SUSPICIOUS_ACTIVITY_SUBTYPES,
  SUSPICIOUS_ACTIVITY_TYPES,
  TIN_TYPE_CODES,
  US_STATES,
  subtypeLabel,
} from '../../server/domain/filings/fincen-codes.js';
import { sarBatchXml } from '../../server/domain/filings/fincen-sar.js';
import type { Address, FieldProblem, FilerProfile, SarFiling, SarSubject } from '../../server/domain/filings/model.js';
import { validateSar } from '../../server/domain/filings/prefiling.js';
import { FINCEN_SCHEMAS, xmllintErrors } from './helpers/xmllint.js';

/**
 * The FinCEN SAR batch (fincen-sar.ts) against FinCEN's own schema, with libxml2's xmllint, and
 * prefiling validation (prefiling.ts): each of its rules, and the promise the two make together,
 * that a SAR prefiling finds nothing fatal in makes a batch the schema accepts.
 */

const TODAY = '2026-11-27';
const fatalPaths = (problems: FieldProblem[]) => problems.filter((p) => p.level === 'FATAL').map((p) => p.path);
const validate = (filing: SarFiling, profile: FilerProfile = filer()) => validateSar(filing, profile, { today: TODAY });

const newark: Address = { street: '100 Market St', city: 'Newark', state: 'NJ', zip: '07102', country: 'US' };

function filer(): FilerProfile {
  return {
    transmitter: {
      name: 'Vigil Compliance Services LLC',
      tin: '27-1234567',
      tcc: 'PVGL0001',
      address: { ...newark },
      phone: '(973) 555-0100',
      contactName: 'Dana Whitfield',
    },
    institution: {
      legalName: 'Demo Bank, N.A.',
      tin: '31-4159265',
      tinType: 'EIN',
      primaryRegulator: '4',
      institutionType: '2',
      rssd: '1234567',
      address: { street: '1 Harbor Plaza', city: 'Jersey City', state: 'NJ', zip: '07311-4000', country: 'US' },
      contactOffice: { name: 'BSA Office', phone: '973 555 0199' },
    },
  };
}

function individual(overrides: Partial<SarSubject> = {}): SarSubject {
  return {
    entityId: 41,
    kind: 'INDIVIDUAL',
    lastOrLegalName: 'Okafor',
    firstName: 'Chidi',
    middleName: 'A.',
    alternateName: null,
    tin: '532-88-1947',
    tinType: 'SSN_ITIN',
    dateOfBirth: '1984-06-12',
    address: { street: '22 Ferry St', city: 'Newark', state: 'NJ', zip: '07105', country: 'US' },
    phone: '+1 973 555 0142',
    email: 'chidi@example.com',
    occupation: 'Importer',
    accounts: [{ number: '004417733', closed: false }],
    relationship: '7',
    ...overrides,
  };
}

function filing(overrides: Partial<SarFiling> = {}): SarFiling {
  return {
    id: 1,
    filingType: 'INITIAL',
    priorBsaId: null,
    internalControlNumber: 'CASE-1042',
    activityStart: '2026-08-01',
    activityEnd: '2026-10-15',
    totalAmount: 48_250.25,
    categories: [
      { type: 1, subtype: 111, other: null },
      { type: 8, subtype: 812, other: null },
    ],
    subjects: [individual()],
    ipAddresses: [],
    narrative: 'Cash deposits of $9,500 to $9,900 on consecutive days at three branches.',
    filingDate: '2026-11-20',
    branch: null,
    ...overrides,
  };
}

/** A narrative of `length` characters, each 4,000th one outside the BMP (two UTF-16 units), with XML's special characters and line breaks. */
const PROSE = 'abcdefghij klmnopqrst & <uvwxyz>.\n';
function longNarrative(length: number): string {
  // it ends in a letter: the writer trims a narrative's ends
  return Array.from({ length }, (_, i) => ((i + 1) % 4000 === 0 ? '💶' : i === length - 1 ? 'z' : PROSE[i % PROSE.length])).join('');
}

/** The realistic batch: individual and organisation subjects, unknowns, categories, continuing and corrected reports, a long narrative, XML's special characters. */
function realisticFilings(): SarFiling[] {
  return [
    filing({
      subjects: [
        individual({
          lastOrLegalName: "O'Brien & <Sons>",
          firstName: 'Seán "Jack"',
          accounts: [
            { number: '004417733', closed: false },
            { number: '004417734', closed: true },
          ],
        }),
      ],
      ipAddresses: [
        { address: '203.0.113.7', date: '2026-09-02' },
        { address: '2001:db8::17', date: null },
      ],
      narrative: 'Deposits < $10,000 & just under the threshold.\r\nSecond paragraph:\tsee the attached <ledger>.',
      branch: { address: { street: '9 Broad St', city: 'Newark', state: 'NJ', zip: '07102', country: 'US' } },
    }),
    filing({
      id: 2,
      filingType: 'CONTINUING',
      priorBsaId: '31000123456789',
      totalAmount: null,
      categories: [{ type: 3, subtype: 3999, other: 'Invoice redirection & <spoofing>' }],
      subjects: [
        individual({
          kind: 'ORGANIZATION',
          lastOrLegalName: 'Harbor Freight Forwarding & Co',
          firstName: null,
          middleName: null,
          alternateName: 'HFF Logistics',
          tin: '98-7654321',
          tinType: 'EIN',
          dateOfBirth: null,
          occupation: 'Freight forwarding',
          relationship: '7',
        }),
        individual({
          entityId: null,
          lastOrLegalName: null,
          firstName: null,
          middleName: null,
          tin: null,
          tinType: null,
          dateOfBirth: null,
          address: null,
          phone: null,
          email: null,
          occupation: null,
          accounts: [],
          relationship: null,
        }),
      ],
      narrative: longNarrative(9_500),
    }),
    filing({
      id: 3,
      filingType: 'CORRECT_AMEND',
      priorBsaId: '31000987654321',
      totalAmount: 0,
      categories: [{ type: 4, subtype: 405, other: null }],
      subjects: [
        individual({
          firstName: null,
          tin: 'FR 12 345 678 901',
          tinType: 'FOREIGN',
          dateOfBirth: '1975-00-00',
          address: { street: null, city: 'Lyon', state: null, zip: '69002', country: 'FR' },
          phone: null,
          accounts: [],
          relationship: null,
        }),
      ],
      narrative: longNarrative(17_000),
    }),
  ];
}

const unescape = (s: string) => s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
const all = (xml: string, re: RegExp) => [...xml.matchAll(re)].map((m) => m[1]);
const attribute = (xml: string, name: string) => Number(new RegExp(`${name}="(\\d+)"`).exec(xml)?.[1]);

describe('FinCEN code lists', () => {
  /** The values of one of the schema's enumerations. */
  const enumeration = (name: string) => {
    const xsd = readFileSync(FINCEN_SCHEMAS.SARX, 'utf8');
    const body = new RegExp(`<xsd:simpleType name="${name}">([\\s\\S]*?)</xsd:simpleType>`).exec(xsd)?.[1] ?? '';
    return all(body, /<xsd:enumeration value="([^"]*)"/g).sort();
  };
  const sorted = (values: Array<string | number>) => values.map(String).sort();

  it('are the schema’s', () => {
    expect(sorted(SUSPICIOUS_ACTIVITY_TYPES.map((t) => t.id))).toEqual(enumeration('ValidateSuspiciousActivityTypeID'));
    expect(sorted(SUSPICIOUS_ACTIVITY_SUBTYPES.map((s) => s.id))).toEqual(enumeration('ValidateSuspiciousActivitySubtypeID'));
    expect(sorted(FEDERAL_REGULATORS.map((r) => r.code))).toEqual(enumeration('ValidateFederalRegulatorCodeType'));
    expect(sorted([...INSTITUTION_TYPES.map((t) => t.code), '999'])).toEqual(enumeration('ValidateOrganizationCodeType'));
    expect(sorted(PARTY_IDENTIFICATION_TYPES.map((t) => t.code))).toEqual(enumeration('ValidatePartyIdentificationCodeType'));
    expect(Object.values(TIN_TYPE_CODES).every((code) => enumeration('ValidatePartyIdentificationCodeType').includes(code))).toBe(true);
  });

  it('put each subtype under its type, "Other" last and needing a description', () => {
    expect(SUSPICIOUS_ACTIVITY_SUBTYPES.find((s) => s.id === 1999)).toEqual({ id: 1999, type: 1, label: 'Other', other: true });
    expect(SUSPICIOUS_ACTIVITY_SUBTYPES.find((s) => s.id === 1204)).toMatchObject({ type: 12, label: 'Unknown source of chips', other: false });
    expect(subtypeLabel(812)).toBe('Transaction out of pattern for customer(s)');
    for (const type of SUSPICIOUS_ACTIVITY_TYPES) {
      const own = SUSPICIOUS_ACTIVITY_SUBTYPES.filter((s) => s.type === type.id);
      expect(own.at(-1)).toMatchObject({ id: type.id * 1000 + 999, other: true });
      expect(own.filter((s) => s.other)).toHaveLength(1);
    }
  });
});

describe('FinCEN SAR batch XML', () => {
  it('writes a batch of realistic filings that FinCEN’s schema accepts, with the real counts and sums', () => {
    const filings = realisticFilings();
    const profile = filer();
    for (const f of filings) expect(fatalPaths(validate(f, profile)), `filing ${f.id}`).toEqual([]);
    const xml = sarBatchXml(filings, profile);
    expect(xmllintErrors(xml, FINCEN_SCHEMAS.SARX)).toEqual([]);

    const seqNums = all(xml, /SeqNum="(\d+)"/g);
    expect(new Set(seqNums).size).toBe(seqNums.length);
    expect(attribute(xml, 'ActivityCount')).toBe(3);
    expect(all(xml, /<fc2:Activity (SeqNum)=/g)).toHaveLength(3);
    // transmitter, its contact, filer, contact office, the institution where it occurred (and its branch), the subjects, and each subject's account institution
    expect(attribute(xml, 'PartyCount')).toBe(8 + 8 + 6);
    expect(all(xml, /<fc2:(Party) SeqNum=/g)).toHaveLength(22);
    const amounts = all(xml, /<fc2:TotalSuspiciousAmountText>(\d+)</g).map(Number);
    expect(amounts).toEqual([48_251]);
    expect(attribute(xml, 'TotalAmount')).toBe(48_251);
    expect(attribute(xml, 'ActivityAttachmentCount')).toBe(0);

    const [first, second, third] = xml.split('<fc2:Activity ').slice(1);
    expect(all(first, /<fc2:ActivityPartyTypeCode>(\d+)</g)).toEqual(['35', '37', '30', '8', '34', '46', '33', '41']);
    expect(all(second, /<fc2:ActivityPartyTypeCode>(\d+)</g)).toEqual(['35', '37', '30', '8', '34', '33', '41', '33']);
    expect(first).toContain('<fc2:InitialReportIndicator>Y<');
    expect(first).not.toContain('EFilingPriorDocumentNumber');
    expect(unescape(all(first, /<fc2:RawEntityIndividualLastName>([^<]*)</g)[0])).toBe("O'Brien & <Sons>");
    expect(first).toContain('<fc2:RawIndividualFirstName>Seán "Jack"<');
    expect(all(first, /<fc2:AccountNumberText>([^<]*)</g)).toEqual(['004417733', '004417734']);
    expect(first.match(/<fc2:AccountClosedIndicator>Y</g)).toHaveLength(1);
    expect(first).toContain('<fc2:CustomerIndicator>Y<');
    expect(all(first, /<fc2:PartyIdentificationNumberText>([^<]*)</g)).toEqual([
      '271234567',
      'PVGL0001',
      '314159265',
      '1234567',
      'CASE-1042',
      '314159265',
      '1234567',
      '532881947',
      '314159265',
    ]);
    expect(all(first, /<fc2:PhoneNumberText>([^<]*)</g)).toEqual(['9735550100', '9735550199', '19735550142']);
    expect(all(first, /<fc2:SuspiciousActivitySubtypeID>(\d+)</g)).toEqual(['111', '812']);
    expect(all(first, /<fc2:IPAddressText>([^<]*)</g)).toEqual(['203.0.113.7', '2001:db8::17']);
    expect(unescape(all(first, /<fc2:ActivityNarrativeText>([^<]*)</g)[0])).toBe(
      'Deposits < $10,000 & just under the threshold.\nSecond paragraph: see the attached <ledger>.',
    );

    expect(second).toContain('<fc2:EFilingPriorDocumentNumber>31000123456789<');
    expect(second).toContain('<fc2:ContinuingActivityReportIndicator>Y<');
    expect(second).toContain('<fc2:AmountUnknownIndicator>Y<');
    expect(unescape(all(second, /<fc2:OtherSuspiciousActivityTypeText>([^<]*)</g)[0])).toBe('Invoice redirection & <spoofing>');
    expect(second).toContain('<fc2:PartyNameTypeCode>DBA</fc2:PartyNameTypeCode>');
    expect(second.match(/<fc2:AllCriticalSubjectInformationUnavailableIndicator>Y</g)).toHaveLength(1);
    const secondParts = all(second, /<fc2:ActivityNarrativeText>([^<]*)</g).map(unescape);
    expect(secondParts).toHaveLength(3);
    expect(secondParts.join('')).toBe(longNarrative(9_500));

    expect(third).toContain('<fc2:CorrectsAmendsPriorReportIndicator>Y<');
    expect(third).toContain('<fc2:NoAmountInvolvedIndicator>Y<');
    expect(third).toContain('<fc2:IndividualBirthDateText>19750000<');
    for (const unknown of ['FirstNameUnknownIndicator', 'StreetAddressUnknownIndicator', 'NoKnownAccountInvolvedIndicator'])
      expect(third).toContain(`<fc2:${unknown}>Y<`);
    expect(third).not.toContain('StateCodeUnknownIndicator');
    expect(third).toContain('<fc2:PartyIdentificationNumberText>FR12345678901<');
    const thirdParts = all(third, /<fc2:ActivityNarrativeText>([^<]*)</g).map(unescape);
    expect(all(third, /<fc2:ActivityNarrativeSequenceNumber>(\d)</g)).toEqual(['1', '2', '3', '4', '5']);
    expect(thirdParts.map((p) => Array.from(p).length)).toEqual([4000, 4000, 4000, 4000, 1000]);
    expect(thirdParts.join('')).toBe(longNarrative(17_000));
  });

  it('writes 1,000 SARs of four subjects each in under a second', () => {
    const profile = filer();
    const filings = Array.from({ length: 1000 }, (_, i) =>
      filing({
        id: i + 1,
        totalAmount: 1000 + i * 17.5,
        subjects: [
          individual(),
          individual({ lastOrLegalName: `Rivera ${i}` }),
          individual({ kind: 'ORGANIZATION', firstName: null, tinType: 'EIN' }),
          individual({ tin: null, tinType: null }),
        ],
        narrative: longNarrative(3_000),
      }),
    );
    sarBatchXml(filings.slice(0, 50), profile);
    const started = performance.now();
    const xml = sarBatchXml(filings, profile);
    const elapsed = performance.now() - started;
    expect(attribute(xml, 'ActivityCount')).toBe(1000);
    expect(attribute(xml, 'PartyCount')).toBe(1000 * (5 + 4 + 4));
    expect(elapsed).toBeLessThan(1000);
  });

  it('writes the same batch on one line when asked', () => {
    const lined = sarBatchXml(realisticFilings(), filer());
    const oneLine = sarBatchXml(realisticFilings(), filer(), { lineBreaks: false });
    // escaped text holds no '<' or '>', so '>\n<' is only ever between two tags
    expect(oneLine).toBe(lined.replaceAll('>\n<', '><').trimEnd());
    expect(xmllintErrors(oneLine, FINCEN_SCHEMAS.SARX)).toEqual([]);
  });

  it('refuses an empty batch', () => {
    expect(() => sarBatchXml([], filer())).toThrow(/at least one filing/);
  });
});

/** One rule each: the filing (or profile) that breaks it, the path named and the level. */
const RULES: Array<[string, (f: SarFiling, p: FilerProfile) => void, string, FieldProblem['level']]> = [
  ['a subject TIN of 10 digits', (f) => (f.subjects[0].tin = '5328819470'), 'subjects[0].tin', 'FATAL'],
  ['a TIN of one digit repeated', (f) => (f.subjects[0].tin = '111-11-1111'), 'subjects[0].tin', 'FATAL'],
  ['the TIN 123456789', (f) => (f.subjects[0].tin = '123456789'), 'subjects[0].tin', 'FATAL'],
  ['a foreign TIN over 25 characters', (f) => Object.assign(f.subjects[0], { tin: 'X'.repeat(26), tinType: 'FOREIGN' }), 'subjects[0].tin', 'FATAL'],
  ['a TIN without its type', (f) => (f.subjects[0].tinType = null), 'subjects[0].tinType', 'FATAL'],
  ['an institution TIN of 8 digits', (_, p) => (p.institution.tin = '31415926'), 'profile.institution.tin', 'FATAL'],
  ['no transmitter TIN', (_, p) => (p.transmitter.tin = ''), 'profile.transmitter.tin', 'FATAL'],
  ['no Transmitter Control Code', (_, p) => (p.transmitter.tcc = ' '), 'profile.transmitter.tcc', 'FATAL'],
  ['a Transmitter Control Code not of 8 characters', (_, p) => (p.transmitter.tcc = 'PVGL01'), 'profile.transmitter.tcc', 'WARN'],
  ['no transmitter name', (_, p) => (p.transmitter.name = ''), 'profile.transmitter.name', 'FATAL'],
  ['no transmitter contact', (_, p) => (p.transmitter.contactName = ''), 'profile.transmitter.contactName', 'FATAL'],
  ['no transmitter phone', (_, p) => (p.transmitter.phone = 'n/a'), 'profile.transmitter.phone', 'FATAL'],
  ['no institution legal name', (_, p) => (p.institution.legalName = ''), 'profile.institution.legalName', 'FATAL'],
  ['an unknown regulator', (_, p) => (p.institution.primaryRegulator = '8'), 'profile.institution.primaryRegulator', 'FATAL'],
  ['an unknown institution type', (_, p) => (p.institution.institutionType = '999'), 'profile.institution.institutionType', 'FATAL'],
  ['no contact office phone', (_, p) => (p.institution.contactOffice.phone = ''), 'profile.institution.contactOffice.phone', 'FATAL'],
  ['an institution without a ZIP code', (_, p) => (p.institution.address.zip = null), 'profile.institution.address.zip', 'FATAL'],
  ['a transmitter without a country', (_, p) => (p.transmitter.address.country = null), 'profile.transmitter.address.country', 'FATAL'],
  ['a transmitter without a street', (_, p) => (p.transmitter.address.street = ''), 'profile.transmitter.address.street', 'FATAL'],
  ['a start date not a date', (f) => (f.activityStart = '2026/08/01'), 'activityStart', 'FATAL'],
  ['a filing date that does not exist', (f) => (f.filingDate = '2026-02-30'), 'filingDate', 'FATAL'],
  ['a start date before 1900', (f) => (f.activityStart = '1899-12-31'), 'activityStart', 'FATAL'],
  ['an activity ending before it starts', (f) => (f.activityStart = '2026-10-16'), 'activityEnd', 'FATAL'],
  ['an activity ending in the future', (f) => (f.activityEnd = '2026-11-28'), 'activityEnd', 'FATAL'],
  ['an activity ending after the filing date', (f) => (f.activityEnd = '2026-11-21'), 'activityEnd', 'FATAL'],
  ['a date of birth in the future', (f) => (f.subjects[0].dateOfBirth = '2027-01-01'), 'subjects[0].dateOfBirth', 'FATAL'],
  ['a date of birth with an unknown month but a day', (f) => (f.subjects[0].dateOfBirth = '1980-00-15'), 'subjects[0].dateOfBirth', 'FATAL'],
  ['a date of birth of 31 April', (f) => (f.subjects[0].dateOfBirth = '1980-04-31'), 'subjects[0].dateOfBirth', 'FATAL'],
  ['a US ZIP code of 4 digits', (f) => (f.subjects[0].address!.zip = '0710'), 'subjects[0].address.zip', 'FATAL'],
  [
    'a foreign postal code over 9 characters',
    (f) => Object.assign(f.subjects[0].address!, { country: 'GB', state: null, zip: 'SW1A 1AA 12' }),
    'subjects[0].address.zip',
    'FATAL',
  ],
  ['a state that is not one', (f) => (f.subjects[0].address!.state = 'XX'), 'subjects[0].address.state', 'FATAL'],
  [
    'a US state for a Canadian address',
    (f) => Object.assign(f.subjects[0].address!, { country: 'CA', state: 'NY', zip: 'K1A 0B1' }),
    'subjects[0].address.state',
    'FATAL',
  ],
  [
    'a state for a French address',
    (f) => Object.assign(f.subjects[0].address!, { country: 'FR', state: 'NJ', zip: '69002' }),
    'subjects[0].address.state',
    'WARN',
  ],
  ['a country that is not one', (f) => (f.subjects[0].address!.country = 'ZZ'), 'subjects[0].address.country', 'FATAL'],
  ['a branch in a state that is not one', (f) => (f.branch = { address: { ...newark, state: 'QQ' } }), 'branch.address.state', 'FATAL'],
  ['a negative amount', (f) => (f.totalAmount = -1), 'totalAmount', 'FATAL'],
  ['an amount of 16 digits', (f) => (f.totalAmount = 999_999_999_999_999.5), 'totalAmount', 'FATAL'],
  ['an amount that is not a number', (f) => (f.totalAmount = Number.NaN), 'totalAmount', 'FATAL'],
  ['no narrative', (f) => (f.narrative = ' \n\t '), 'narrative', 'FATAL'],
  ['a narrative of 17,001 characters', (f) => (f.narrative = 'n'.repeat(17_001)), 'narrative', 'FATAL'],
  ['no category', (f) => (f.categories = []), 'categories', 'FATAL'],
  ['a subtype of another type', (f) => (f.categories[0] = { type: 1, subtype: 801, other: null }), 'categories[0].subtype', 'FATAL'],
  ['an unknown type', (f) => (f.categories[0] = { type: 2, subtype: 201, other: null }), 'categories[0].type', 'FATAL'],
  ['an "Other" with no description', (f) => (f.categories[0] = { type: 9, subtype: 9999, other: ' ' }), 'categories[0].other', 'FATAL'],
  ['an "Other" described in 51 characters', (f) => (f.categories[0] = { type: 9, subtype: 9999, other: 'o'.repeat(51) }), 'categories[0].other', 'FATAL'],
  ['a category twice', (f) => f.categories.push({ type: 1, subtype: 111, other: null }), 'categories[2].subtype', 'FATAL'],
  ['no subject', (f) => (f.subjects = []), 'subjects', 'FATAL'],
  ['a last name of 151 characters', (f) => (f.subjects[0].lastOrLegalName = 'L'.repeat(151)), 'subjects[0].lastOrLegalName', 'FATAL'],
  ['a first name of 36 characters', (f) => (f.subjects[0].firstName = 'F'.repeat(36)), 'subjects[0].firstName', 'FATAL'],
  ['a city of 51 characters', (f) => (f.subjects[0].address!.city = 'C'.repeat(51)), 'subjects[0].address.city', 'FATAL'],
  ['a street of 101 characters', (f) => (f.subjects[0].address!.street = 'S'.repeat(101)), 'subjects[0].address.street', 'FATAL'],
  ['an account number of 41 characters', (f) => (f.subjects[0].accounts[0].number = '4'.repeat(41)), 'subjects[0].accounts[0].number', 'FATAL'],
  ['an empty account number', (f) => (f.subjects[0].accounts[0].number = ''), 'subjects[0].accounts[0].number', 'FATAL'],
  ['an e-mail address of 518 characters', (f) => (f.subjects[0].email = `${'e'.repeat(506)}@example.com`), 'subjects[0].email', 'FATAL'],
  ['an e-mail address without @', (f) => (f.subjects[0].email = 'chidi.example.com'), 'subjects[0].email', 'WARN'],
  ['an occupation of 51 characters', (f) => (f.subjects[0].occupation = 'O'.repeat(51)), 'subjects[0].occupation', 'FATAL'],
  ['a phone number of 17 digits', (f) => (f.subjects[0].phone = '1'.repeat(17)), 'subjects[0].phone', 'FATAL'],
  ['an unknown relationship', (f) => (f.subjects[0].relationship = '99'), 'subjects[0].relationship', 'FATAL'],
  ['an IP address that is not one', (f) => (f.ipAddresses = [{ address: '203.0.113.300', date: null }]), 'ipAddresses[0].address', 'FATAL'],
  ['an IP address seen in the future', (f) => (f.ipAddresses = [{ address: '203.0.113.3', date: '2027-01-01' }]), 'ipAddresses[0].date', 'FATAL'],
  ['a correction without the prior BSA ID', (f) => Object.assign(f, { filingType: 'CORRECT_AMEND', priorBsaId: null }), 'priorBsaId', 'FATAL'],
  ['a prior BSA ID of 5 digits', (f) => Object.assign(f, { filingType: 'CONTINUING', priorBsaId: '12345' }), 'priorBsaId', 'FATAL'],
  ['continuing activity without the prior BSA ID', (f) => Object.assign(f, { filingType: 'CONTINUING', priorBsaId: null }), 'priorBsaId', 'WARN'],
  ['an internal control number of 26 characters', (f) => (f.internalControlNumber = 'I'.repeat(26)), 'internalControlNumber', 'FATAL'],
  [
    'an individual with no TIN and no date of birth',
    (f) => Object.assign(f.subjects[0], { tin: null, tinType: null, dateOfBirth: null }),
    'subjects[0].tin',
    'WARN',
  ],
  [
    'an organisation with no TIN',
    (f) => Object.assign(f.subjects[0], { kind: 'ORGANIZATION', tin: null, tinType: null, dateOfBirth: null }),
    'subjects[0].tin',
    'WARN',
  ],
  [
    'a subject of whom nothing is known',
    (f) => Object.assign(f.subjects[0], { lastOrLegalName: null, firstName: null, tin: null, tinType: null, dateOfBirth: null, address: null }),
    'subjects[0]',
    'WARN',
  ],
];

describe('prefiling validation', () => {
  it('finds nothing in a complete filing', () => {
    expect(validate(filing())).toEqual([]);
  });

  it.each(RULES)('finds %s', (_, breakIt, path, level) => {
    const f = filing();
    const p = filer();
    breakIt(f, p);
    const problems = validateSar(f, p, { today: TODAY });
    expect(problems.filter((x) => x.path === path).map((x) => x.level)).toContain(level);
    // the rule finds only what is broken: nothing FATAL elsewhere
    expect(problems.filter((x) => x.level === 'FATAL' && x.path !== path)).toEqual([]);
  });

  it('says what is wrong in words an analyst understands', () => {
    const f = filing();
    f.subjects[0].tin = '5328819470';
    expect(validate(f)).toContainEqual({ path: 'subjects[0].tin', message: 'TIN must be 9 digits', level: 'FATAL' });
    const p = filer();
    p.institution.address.state = 'ZZ';
    expect(validate(filing(), p)).toContainEqual({
      path: 'profile.institution.address.state',
      message: 'State must be a US state or territory code',
      level: 'FATAL',
    });
  });

  it('accepts what FinCEN accepts: unknown day of birth, a narrative of 17,000 characters, a Canadian province, a 9-digit ZIP, an "Other" described', () => {
    const f = filing({ narrative: 'n'.repeat(17_000), categories: [{ type: 9, subtype: 9999, other: 'Loan stacking' }] });
    f.subjects[0].dateOfBirth = '1980-07-00';
    f.subjects[0].address = { street: '1 Rideau St', city: 'Ottawa', state: 'ON', zip: 'K1N 8S7', country: 'CA' };
    f.subjects.push(individual({ address: { ...newark, zip: '07102-1234' } }));
    expect(validate(f)).toEqual([]);
  });

  it('finds what the schema would refuse, so that nothing it passes is refused', () => {
    const breaks: Array<[(f: SarFiling) => void, string]> = [
      [(f) => Object.assign(f.subjects[0], { tin: 'X'.repeat(26), tinType: 'FOREIGN' }), 'subjects[0].tin'],
      [(f) => (f.subjects[0].address!.state = 'NJX1'), 'subjects[0].address.state'],
      [(f) => (f.subjects[0].lastOrLegalName = 'L'.repeat(151)), 'subjects[0].lastOrLegalName'],
      [(f) => (f.subjects[0].address!.city = 'C'.repeat(51)), 'subjects[0].address.city'],
      [(f) => (f.narrative = 'n'.repeat(20_001)), 'narrative'],
      [(f) => (f.ipAddresses = [{ address: '0000:0000:0000:0000:0000:ffff:192.168.100.228', date: null }]), 'ipAddresses[0].address'],
      [(f) => (f.activityStart = '1899-12-31'), 'activityStart'],
      [(f) => (f.subjects[0].dateOfBirth = '1980-13-01'), 'subjects[0].dateOfBirth'],
      [
        (f) =>
          (f.categories = [
            { type: 1, subtype: 111, other: null },
            { type: 1, subtype: 111, other: null },
          ]),
        'categories[1].subtype',
      ],
      [(f) => (f.subjects = []), 'subjects'],
    ];
    for (const [breakIt, path] of breaks) {
      const f = filing();
      breakIt(f);
      expect(xmllintErrors(sarBatchXml([f], filer()), FINCEN_SCHEMAS.SARX), path).not.toEqual([]);
      expect(fatalPaths(validate(f)), path).toContain(path);
    }
    // FinCEN's edit checks go further than the schema: a 10-digit TIN is a valid string to it
    const tin10 = filing();
    tin10.subjects[0].tin = '5328819470';
    expect(xmllintErrors(sarBatchXml([tin10], filer()), FINCEN_SCHEMAS.SARX)).toEqual([]);
    expect(fatalPaths(validate(tin10))).toEqual(['subjects[0].tin']);
  });
});

/**
 * Random filings: plausible ones with the odd values FinCEN takes (XML's special characters, spaces
 * and line breaks, characters outside the BMP, values of exactly the longest length, unknowns), some
 * of them then broken in one or two ways FinCEN refuses.
 */
const day = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
const oddText = (max: number) =>
  fc.oneof(
    fc.constantFrom(
      'O\'Brien & <Sons> "Ltd"',
      '  spaced\tout \r\n name  ',
      'Zoë Ünal',
      '李小龙',
      '💶 Euro',
      ']]> & <!-- -->',
      '\u0001ctrl\u007f',
      '\ud800lone',
    ),
    fc.string({ unit: 'binary', maxLength: Math.min(max, 30) }),
    fc.constantFrom('é', '💶', '&', 'x').map((c) => c.repeat(max)),
  );
/** A text field: plausible, odd, unknown, or now and then one character too long. */
const textArb = (plain: fc.Arbitrary<string>, max: number) =>
  fc.oneof(
    { weight: 12, arbitrary: plain },
    { weight: 6, arbitrary: oddText(max) },
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom('é', '💶', 'x').map((c) => c.repeat(max + 1)) },
  );
const states = US_STATES.map((s) => s.code);

const addressArb: fc.Arbitrary<Address | null> = fc.option(
  fc.oneof(
    fc.record({
      street: textArb(fc.constantFrom('22 Ferry St', 'PO Box 17'), 100),
      city: textArb(fc.constantFrom('Newark', 'San Juan'), 50),
      state: fc.option(fc.constantFrom(...states), { nil: null }),
      zip: fc.option(fc.constantFrom('07105', '07105-1234', '00901', ' 07105 '), { nil: null }),
      country: fc.constantFrom('US', 'us', 'PR', null),
    }),
    fc.record({
      street: textArb(fc.constant('1 Rue de la Paix'), 100),
      city: textArb(fc.constantFrom('Lyon', 'Toronto', 'Guadalajara'), 50),
      state: fc.constantFrom(null, 'ON', 'QC', 'JAL'),
      zip: fc.option(fc.constantFrom('69002', 'K1A 0B1', '44100'), { nil: null }),
      country: fc.constantFrom('CA', 'MX', 'FR', 'GB'),
    }),
  ),
  { nil: null, freq: 5 },
);

const subjectArb: fc.Arbitrary<SarSubject> = fc
  .record({
    entityId: fc.option(fc.nat(), { nil: null }),
    kind: fc.constantFrom('INDIVIDUAL' as const, 'ORGANIZATION' as const),
    lastOrLegalName: textArb(fc.constantFrom('Okafor', 'Smith-Jones', 'de la Cruz'), 150),
    firstName: textArb(fc.constantFrom('Chidi', 'Ana'), 35),
    middleName: textArb(fc.constant('Maria'), 35),
    alternateName: textArb(fc.constant('HFF Logistics'), 150),
    tinAndType: fc.constantFrom(
      ['532881947', 'SSN_ITIN'],
      ['98-7654321', 'EIN'],
      ['FR 12 345 678 901', 'FOREIGN'],
      ['F'.repeat(25), 'FOREIGN'],
      [null, null],
      [null, 'EIN'],
    ),
    dateOfBirth: fc.oneof(fc.integer({ min: -45_000, max: 0 }).map(day), fc.constantFrom('1975-00-00', '1980-07-00', '1900-01-01'), fc.constant(null)),
    address: addressArb,
    phone: fc.constantFrom('(973) 555-0142', '+44 20 7946 0958', '1'.repeat(16), null),
    email: textArb(fc.constantFrom('chidi@example.com', 'a&b@example.org'), 517),
    occupation: textArb(fc.constant('Importer'), 50),
    accounts: fc.array(
      fc.record({
        number: fc.oneof(
          fc.constantFrom('004417733', 'GB29 NWBK 6016 1331 9268 19'),
          oddText(40).filter((t) => t.trim() !== ''),
        ),
        closed: fc.boolean(),
      }),
      {
        maxLength: 3,
      },
    ),
    relationship: fc.constantFrom('7', '5', '11', '1', null),
  })
  .map(({ tinAndType, ...rest }) => ({ ...rest, tin: tinAndType[0], tinType: tinAndType[1] }));

const categoriesArb = fc
  .uniqueArray(fc.constantFrom(...SUSPICIOUS_ACTIVITY_SUBTYPES), { minLength: 1, maxLength: 5, selector: (s) => s.id })
  .chain((subtypes) =>
    fc.tuple(
      ...subtypes.map((s) =>
        (s.other ? oddText(50) : fc.constant(null)).map((other) => ({
          type: s.type,
          subtype: s.id,
          other: other ?? `Other: ${subtypeLabel(s.id)}`.slice(0, 50),
        })),
      ),
    ),
  );

const plausibleFilingArb: fc.Arbitrary<SarFiling> = fc
  .record({
    id: fc.nat(),
    kindAndPrior: fc.constantFrom(['INITIAL', null], ['CORRECT_AMEND', '31000123456789'], ['CONTINUING', '31000987654321'], ['CONTINUING', null]),
    internalControlNumber: textArb(fc.constantFrom('CASE-1042', 'SAR/2026/17'), 25).map((v) => v ?? ''),
    filed: fc.integer({ min: -30, max: 0 }),
    endBefore: fc.integer({ min: 0, max: 400 }),
    startBefore: fc.integer({ min: 0, max: 3000 }),
    totalAmount: fc.oneof(
      fc.constant(null),
      fc.constant(0),
      fc.double({ min: 0, max: 5e6, noNaN: true }),
      fc.constantFrom(0.004, 0.1 + 0.2, 999_999_999_999_998),
    ),
    categories: categoriesArb,
    subjects: fc.array(subjectArb, { minLength: 1, maxLength: 3 }),
    ipAddresses: fc.array(
      fc.record({
        address: fc.constantFrom('203.0.113.7', '2001:db8::17', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'),
        date: fc.option(fc.integer({ min: -400, max: 0 }).map(day), { nil: null }),
      }),
      { maxLength: 3 },
    ),
    narrative: fc.oneof(
      { weight: 4, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 300 }).filter((t) => t.trim() !== '') },
      { weight: 1, arbitrary: fc.integer({ min: 3990, max: 17_000 }).map(longNarrative) },
      { weight: 1, arbitrary: fc.constant('💶'.repeat(17_000)) },
    ),
    branch: fc.option(
      addressArb.map((address) => ({ address: address ?? { ...newark } })),
      { nil: null },
    ),
  })
  .map(({ kindAndPrior, filed, endBefore, startBefore, ...rest }) => ({
    ...rest,
    filingType: kindAndPrior[0],
    priorBsaId: kindAndPrior[1],
    filingDate: day(filed),
    activityEnd: day(filed - endBefore),
    activityStart: day(filed - endBefore - startBefore),
  }));

/** Ways of breaking a filing that FinCEN refuses (each works on any filing, even one another has broken). */
const subject0 = (f: SarFiling) => (f.subjects[0] ??= individual());
const BREAKS: Array<(f: SarFiling) => void> = [
  (f) => Object.assign(subject0(f), { tin: '5328819470', tinType: 'EIN' }),
  (f) => Object.assign(subject0(f), { tin: 'F'.repeat(26), tinType: 'FOREIGN' }),
  (f) => (subject0(f).address = { ...newark, state: 'ABCD' }),
  (f) => (subject0(f).address = { ...newark, zip: '1234567890' }),
  (f) => (subject0(f).lastOrLegalName = '💶'.repeat(151)),
  (f) => Object.assign(subject0(f), { kind: 'INDIVIDUAL', dateOfBirth: '1980-13-01' }),
  (f) => (subject0(f).accounts = [{ number: '4'.repeat(41), closed: false }]),
  (f) => (f.narrative = 'n'.repeat(20_001)),
  (f) => (f.narrative = '💶'.repeat(17_001)),
  (f) => f.categories.push({ type: 8, subtype: 812, other: null }, { type: 8, subtype: 812, other: null }),
  (f) => (f.categories = []),
  (f) => (f.subjects = []),
  (f) => (f.activityStart = '1899-12-31'),
  (f) => (f.filingDate = '2026-02-30'),
  (f) => (f.totalAmount = 1e15),
  (f) => (f.ipAddresses = [{ address: '0000:0000:0000:0000:0000:ffff:192.168.100.228', date: null }]),
  (f) => Object.assign(f, { filingType: 'CORRECT_AMEND', priorBsaId: '123456789012345' }),
];

const filingArb: fc.Arbitrary<SarFiling> = fc
  .tuple(
    plausibleFilingArb,
    fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 2, arbitrary: fc.array(fc.nat(BREAKS.length - 1), { minLength: 1, maxLength: 2 }) }),
  )
  .map(([f, breaks]) => {
    for (const b of breaks) BREAKS[b](f);
    return f;
  });

describe('prefiling and the schema together', () => {
  it('any SAR prefiling finds nothing fatal in makes a batch the schema accepts', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.array(filingArb, { minLength: 1, maxLength: 8 }), (filings) => {
        const profile = filer();
        const passing = filings.filter((f) => fatalPaths(validate(f, profile)).length === 0);
        accepted += passing.length;
        refused += filings.length - passing.length;
        if (passing.length === 0) return;
        expect(xmllintErrors(sarBatchXml(passing, profile), FINCEN_SCHEMAS.SARX)).toEqual([]);
      }),
      { numRuns: 40 },
    );
    // the property means something only if both sides were reached
    expect(accepted).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(10);
  });
});
