import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCtrs } from '../../server/domain/filings/ctr.js';
import { ctrBatchXml, wholeDollars } from '../../server/domain/filings/fincen-ctr.js';
import type { Address, CtrFiling, CtrPerson, FilerProfile } from '../../server/domain/filings/model.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { FINCEN_SCHEMAS, xmllintErrors } from './helpers/xmllint.js';

/**
 * Currency transaction reports: a person's cash in and cash out per business day of the
 * organisation's zone, each total over 10,000 dollars, computed on a real database from fresh
 * customers of the demo organisation (and one of Northwind), and the FinCEN CTRX batch that reports
 * them, validated against FinCEN's schema with xmllint.
 */

const ZONE = 'America/New_York';
// January: New York is UTC-5
const RANGE = { from: '2019-01-01', to: '2019-01-31' };

let t: TestContext;
let demoFilings: CtrFiling[];
const ids: Record<string, number> = {};
const accounts: Record<string, number> = {};
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

async function entity(org: number, key: string, type: 'user' | 'business', name: string, data: Record<string, unknown> = {}) {
  const row = await t.one<{ id: number }>(sql`insert into entities (org_id, external_id, entity_type, name_readable, formatted_data)
    values (${org}, ${`ctr-test-${key}`}, ${type}, ${name}, ${JSON.stringify(data)}::jsonb) returning id`);
  ids[key] = row.id;
  return row.id;
}

async function account(org: number, key: string, owner: string) {
  const row = await t.one<{ id: number }>(sql`insert into instruments (org_id, external_id, instrument_type, entity_id)
    values (${org}, ${`ctr-test-acct-${key}`}, 'account', ${ids[owner]}) returning id`);
  accounts[key] = row.id;
  return row.id;
}

let seq = 0;
async function txn(
  org: number,
  spec: {
    at: string;
    type: string;
    amount: number;
    to?: string;
    from?: string;
    toAccount?: string;
    fromAccount?: string;
    status?: string;
    currency?: string;
  },
) {
  seq++;
  await exec(sql`insert into transactions (org_id, external_id, event_time, amount, currency, status, internal_txn_type,
      sender_entity_id, receiver_entity_id, sender_instrument_id, receiver_instrument_id)
    values (${org}, ${`ctr-test-txn-${seq}`}, ${spec.at}::timestamptz, ${spec.amount}, ${spec.currency ?? 'USD'}, ${spec.status ?? 'COMPLETED'},
      ${spec.type}, ${spec.from ? ids[spec.from] : null}, ${spec.to ? ids[spec.to] : null},
      ${spec.fromAccount ? accounts[spec.fromAccount] : null}, ${spec.toAccount ? accounts[spec.toAccount] : null})`);
}

const deposit = (org: number, who: string, acct: string, at: string, amount: number, extra: { status?: string; currency?: string; type?: string } = {}) =>
  txn(org, { at, type: 'CASH_DEPOSIT', amount, to: who, toAccount: acct, ...extra });
const withdrawal = (org: number, who: string, acct: string, at: string, amount: number) =>
  txn(org, { at, type: 'CASH_WITHDRAWAL', amount, from: who, fromAccount: acct });

/** The filings of the test's own customers (the seeded customers have cash too). */
const of = (filings: CtrFiling[], key: string) => filings.filter((f) => f.person.entityId === ids[key]);

beforeAll(async () => {
  t = await createTestContext();
  const dob = (await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = 'entity.date_of_birth'`)).id;
  const occupation = (await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = 'entity.occupation'`)).id;
  const address = (await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = 'entity.address'`)).id;

  // business-day boundaries: 23:30 and 00:30 New York time are one UTC date (2019-01-16) but two business days
  await entity(1, 'night', 'user', 'Nora Night', {
    [dob]: { formatted_value: '1975-06-30' },
    [occupation]: { formatted_value: 'Baker' },
    [address]: { formatted_value: '12 Elm St, Brooklyn, NY' },
  });
  await account(1, 'night', 'night');
  await deposit(1, 'night', 'night', '2019-01-16T04:30:00Z', 6_000); // 2019-01-15 23:30 local
  await deposit(1, 'night', 'night', '2019-01-16T05:30:00Z', 6_000); // 2019-01-16 00:30 local
  // and the other way round: 18:00 and 20:00 New York time are two UTC dates but one business day
  await entity(1, 'evening', 'user', 'Eve Ann Evening');
  await account(1, 'evening', 'evening');
  await deposit(1, 'evening', 'evening', '2019-01-20T23:00:00Z', 5_500);
  await deposit(1, 'evening', 'evening', '2019-01-21T01:00:00Z', 5_500);

  // several accounts of one business, summed: 6,000 + 5,000 in
  await entity(1, 'shop', 'business', 'Smith & Sons <Hardware> "Ltd"');
  await account(1, 'shop-1', 'shop');
  await account(1, 'shop-2', 'shop');
  await deposit(1, 'shop', 'shop-1', '2019-01-10T15:00:00Z', 6_000);
  await deposit(1, 'shop', 'shop-2', '2019-01-10T19:00:00Z', 5_000);

  // cash in and out are never netted nor added: 9,000 in and 9,000 out is no CTR
  await entity(1, 'both', 'user', 'Bo Both');
  await account(1, 'both', 'both');
  await deposit(1, 'both', 'both', '2019-01-11T15:00:00Z', 9_000);
  await withdrawal(1, 'both', 'both', '2019-01-11T16:00:00Z', 9_000);

  // the threshold: exactly 10,000 is not reported, 10,000.01 is
  await entity(1, 'exact', 'user', 'Ex Act');
  await account(1, 'exact', 'exact');
  await deposit(1, 'exact', 'exact', '2019-01-12T15:00:00Z', 10_000);
  await withdrawal(1, 'exact', 'exact', '2019-01-13T15:00:00Z', 10_000.01);

  // not cash, not completed, not dollars: none counts
  await entity(1, 'other', 'user', 'Otto Other');
  await account(1, 'other', 'other');
  await deposit(1, 'other', 'other', '2019-01-14T15:00:00Z', 20_000, { type: 'WIRE' });
  await deposit(1, 'other', 'other', '2019-01-14T15:10:00Z', 20_000, { type: 'CHECK_DEPOSIT' });
  await deposit(1, 'other', 'other', '2019-01-14T15:20:00Z', 20_000, { status: 'PENDING' });
  await deposit(1, 'other', 'other', '2019-01-14T15:30:00Z', 20_000, { status: 'REVERSED' });
  await deposit(1, 'other', 'other', '2019-01-14T15:40:00Z', 20_000, { currency: 'EUR' });
  // outside the range (the last business day's end in New York is 2019-02-01T05:00Z)
  await deposit(1, 'other', 'other', '2019-02-01T05:00:00Z', 20_000);
  await deposit(1, 'other', 'other', '2019-01-01T04:59:59Z', 20_000);

  // someone deposits cash into another customer's account: a CTR for each of them
  await entity(1, 'holder', 'user', 'Hal Holder');
  await account(1, 'holder', 'holder');
  await entity(1, 'runner', 'user', 'Rita Runner');
  await txn(1, { at: '2019-01-22T15:00:00Z', type: 'CASH_DEPOSIT', amount: 11_000, from: 'runner', to: 'holder', toAccount: 'holder' });

  // one withdrawal over the threshold
  await entity(1, 'big', 'user', 'Big');
  await account(1, 'big', 'big');
  await withdrawal(1, 'big', 'big', '2019-01-23T15:00:00Z', 12_345.5);

  // another organisation's cash
  await entity(2, 'north', 'user', 'Ned North');
  await account(2, 'north', 'north');
  await deposit(2, 'north', 'north', '2019-01-10T15:00:00Z', 25_000);

  demoFilings = await computeCtrs(t.database.db, 1, RANGE, ZONE);
});
afterAll(() => t.close());

describe('computeCtrs', () => {
  it('reckons business days in the organisation zone, not in UTC', async () => {
    // 23:30 and 00:30 local: two days of 6,000, no CTR
    expect(of(demoFilings, 'night')).toEqual([]);
    // the same transactions in UTC fall on one day of 12,000
    const utc = of(await computeCtrs(t.database.db, 1, RANGE, 'UTC'), 'night');
    expect(utc.map((f) => [f.businessDay, f.cashIn])).toEqual([['2019-01-16', 12_000]]);
    // 18:00 and 20:00 local on two UTC dates: one business day of 11,000
    expect(of(demoFilings, 'evening').map((f) => [f.businessDay, f.cashIn, f.cashOut, f.multipleTransactions])).toEqual([['2019-01-20', 11_000, 0, true]]);
    expect(of(await computeCtrs(t.database.db, 1, RANGE, 'UTC'), 'evening')).toEqual([]);
  });

  it('sums a person’s accounts, with the multiple-transactions flag and the accounts by direction', () => {
    const [shop] = of(demoFilings, 'shop');
    expect(of(demoFilings, 'shop')).toHaveLength(1);
    expect(shop).toMatchObject({ businessDay: '2019-01-10', cashIn: 11_000, cashOut: 0, multipleTransactions: true, partyRole: 'ON_WHOSE_BEHALF' });
    expect(shop.accounts.sort()).toEqual(['ctr-test-acct-shop-1', 'ctr-test-acct-shop-2']);
    expect(shop.accountsByDirection).toEqual({ cashIn: ['ctr-test-acct-shop-1', 'ctr-test-acct-shop-2'], cashOut: [] });
    expect(shop.transactionIds).toHaveLength(2);
    expect(shop.person).toMatchObject({ kind: 'ORGANIZATION', lastOrLegalName: 'Smith & Sons <Hardware> "Ltd"', firstName: null, externalId: 'ctr-test-shop' });
  });

  it('keeps cash in and cash out apart: 9,000 each way is no CTR', () => {
    expect(of(demoFilings, 'both')).toEqual([]);
  });

  it('reports a total over 10,000 dollars, not one of exactly 10,000', () => {
    expect(of(demoFilings, 'exact').map((f) => [f.businessDay, f.cashIn, f.cashOut, f.multipleTransactions])).toEqual([['2019-01-13', 0, 10_000.01, false]]);
    expect(of(demoFilings, 'big')).toMatchObject([{ cashOut: 12_345.5, accountsByDirection: { cashIn: [], cashOut: ['ctr-test-acct-big'] } }]);
  });

  it('counts only completed cash in dollars within the range, of the organisation asked for', async () => {
    expect(of(demoFilings, 'other')).toEqual([]);
    expect(of(demoFilings, 'north')).toEqual([]);
    const north = of(await computeCtrs(t.database.db, 2, RANGE, ZONE), 'north');
    expect(north.map((f) => [f.businessDay, f.cashIn])).toEqual([['2019-01-10', 25_000]]);
    // the whole range is needed: a one-day range sees only that day
    expect(of(await computeCtrs(t.database.db, 1, { from: '2019-01-11', to: '2019-01-12' }, ZONE), 'shop')).toEqual([]);
    expect(of(await computeCtrs(t.database.db, 1, { from: '2019-01-10', to: '2019-01-10' }, ZONE), 'shop')).toHaveLength(1);
  });

  it('reports both the account holder and the person who conducted the deposit for them', () => {
    const [holder] = of(demoFilings, 'holder');
    const [runner] = of(demoFilings, 'runner');
    expect(holder).toMatchObject({ cashIn: 11_000, partyRole: 'OWN_BEHALF', accounts: ['ctr-test-acct-holder'] });
    expect(runner).toMatchObject({ cashIn: 11_000, partyRole: 'FOR_ANOTHER', accounts: [] });
    expect(runner.transactionIds).toEqual(holder.transactionIds);
  });

  it('takes the person’s name, date of birth, occupation and address from the customer', async () => {
    const [night] = of(await computeCtrs(t.database.db, 1, RANGE, 'UTC'), 'night');
    expect(night.person).toEqual({
      entityId: ids.night,
      externalId: 'ctr-test-night',
      kind: 'INDIVIDUAL',
      lastOrLegalName: 'Night',
      firstName: 'Nora',
      middleName: null,
      tin: null,
      tinType: null,
      dateOfBirth: '1975-06-30',
      address: { street: '12 Elm St', city: 'Brooklyn', state: 'NY', zip: null, country: null },
      occupation: 'Baker',
      identification: null,
    });
    expect(of(demoFilings, 'evening')[0].person).toMatchObject({
      firstName: 'Eve',
      middleName: 'Ann',
      lastOrLegalName: 'Evening',
      dateOfBirth: null,
      address: null,
    });
  });

  it('lays the customer’s CTR data over the record: each value given wins, null leaves the record’s', async () => {
    const address = (await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = 'entity.address'`)).id;
    await entity(1, 'custom', 'user', 'Carl Custom', { [address]: { formatted_value: '3 Oak Rd, Albany, NY' } });
    await account(1, 'custom', 'custom');
    await deposit(1, 'custom', 'custom', '2019-03-05T15:00:00Z', 15_000);
    const march = { from: '2019-03-01', to: '2019-03-31' };
    const [before] = of(await computeCtrs(t.database.db, 1, march, ZONE), 'custom');
    expect(before.person).toMatchObject({ firstName: 'Carl', lastOrLegalName: 'Custom', tin: null, identification: null });

    await exec(
      sql`insert into ctr_entity_data (org_id, entity_id, data) values (1, ${ids.custom}, ${JSON.stringify({
        last_or_legal_name: null,
        first_name: 'Carlos',
        middle_name: 'J',
        tin: '123-45-6789',
        tin_type: 'SSN_ITIN',
        date_of_birth: '1970-02-03',
        address: null,
        occupation: 'Jeweller',
        identification: { type: 'Passport', number: 'X1234567', issuer_state: null, issuer_country: 'US' },
      })}::jsonb)`,
    );
    const [after] = of(await computeCtrs(t.database.db, 1, march, ZONE), 'custom');
    expect(after.person).toEqual({
      ...before.person,
      firstName: 'Carlos',
      middleName: 'J',
      tin: '123-45-6789',
      tinType: 'SSN_ITIN',
      dateOfBirth: '1970-02-03',
      occupation: 'Jeweller',
      identification: { type: 'Passport', number: 'X1234567', issuerState: null, issuerCountry: 'US' },
    });
    // null kept the record's name and address
    expect(after.person.lastOrLegalName).toBe('Custom');
    expect(after.person.address).toEqual({ street: '3 Oak Rd', city: 'Albany', state: 'NY', zip: null, country: null });

    // an address given replaces the record's whole; the batch reports the custom values
    await exec(
      sql`update ctr_entity_data set data = data || ${JSON.stringify({
        address: { street: '9 Pine Ave', city: 'Trenton', state: 'NJ', zip: '08608', country: 'US' },
      })}::jsonb where org_id = 1 and entity_id = ${ids.custom}`,
    );
    const [moved] = of(await computeCtrs(t.database.db, 1, march, ZONE), 'custom');
    expect(moved.person.address).toEqual({ street: '9 Pine Ave', city: 'Trenton', state: 'NJ', zip: '08608', country: 'US' });
    const xml = ctrBatchXml([moved], profile, { filingDate: '2019-04-01' });
    expect(xmllintErrors(xml, FINCEN_SCHEMAS.CTRX)).toEqual([]);
    expect(xml).toContain(
      '<PartyIdentificationNumberText>123456789</PartyIdentificationNumberText><PartyIdentificationTypeCode>1</PartyIdentificationTypeCode>',
    );
    expect(xml).toContain(
      '<PartyIdentificationNumberText>X1234567</PartyIdentificationNumberText><PartyIdentificationTypeCode>6</PartyIdentificationTypeCode>',
    );
    expect(xml).toContain('<RawIndividualFirstName>Carlos</RawIndividualFirstName>');
    expect(xml).not.toContain('TINUnknownIndicator');
  });

  it('refuses days that are not YYYY-MM-DD', async () => {
    await expect(computeCtrs(t.database.db, 1, { from: '2019-1-1', to: '2019-01-31' }, ZONE)).rejects.toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// The batch XML
// ---------------------------------------------------------------------------------------------

const profile: FilerProfile = {
  transmitter: {
    name: 'Vigil Bank & Trust <Transmissions>',
    tin: '12-3456789',
    tcc: 'TBSATEST',
    address: { street: '1 Main St', city: 'New York', state: 'NY', zip: '10001-0001', country: 'US' },
    phone: '+1 (212) 555-0100',
    contactName: "O'Hara, Pat",
  },
  institution: {
    legalName: 'Vigil Bank & Trust, N.A.',
    tin: '123456789',
    tinType: 'EIN',
    primaryRegulator: '4',
    institutionType: '2',
    rssd: '1234567',
    address: { street: '1 Main St', city: 'New York', state: 'NY', zip: '10001', country: 'US' },
    contactOffice: { name: 'BSA Office "Compliance"', phone: '212-555-0199' },
  },
};

const unknownPerson: CtrPerson = {
  entityId: 9,
  externalId: 'nobody',
  kind: 'INDIVIDUAL',
  lastOrLegalName: null,
  firstName: null,
  middleName: null,
  tin: null,
  tinType: null,
  dateOfBirth: null,
  address: null,
  occupation: null,
  identification: null,
};

function count(xml: string, pattern: RegExp) {
  return xml.match(pattern)?.length ?? 0;
}

/** The batch's own arithmetic: counts, sums and unique SeqNums. */
function checkBatch(xml: string, filings: CtrFiling[]) {
  const root = /<EFilingBatchXML [^>]*ActivityCount="(\d+)" TotalAmount="(\d+)" PartyCount="(\d+)">/.exec(xml);
  expect(root).not.toBeNull();
  expect(Number(root![1])).toBe(filings.length);
  expect(count(xml, /<Activity SeqNum=/g)).toBe(filings.length);
  expect(Number(root![3])).toBe(count(xml, /<Party SeqNum=/g));
  expect(Number(root![3])).toBe(filings.length * 6);
  const totals = [...xml.matchAll(/<TotalCash(?:InReceive|Out)AmountText>(\d*)</g)].reduce((sum, m) => sum + Number(m[1] || 0), 0);
  expect(Number(root![2])).toBe(totals);
  expect(totals).toBe(filings.reduce((sum, f) => sum + wholeDollars(f.cashIn) + wholeDollars(f.cashOut), 0));
  const seqs = [...xml.matchAll(/SeqNum="(\d+)"/g)].map((m) => Number(m[1]));
  expect(new Set(seqs).size).toBe(seqs.length);
}

describe('ctrBatchXml', () => {
  it('writes computed CTRs, an organisation and an individual with unknown values as a batch FinCEN’s schema accepts', () => {
    const filings: CtrFiling[] = [
      ...of(demoFilings, 'shop'),
      ...of(demoFilings, 'holder'),
      ...of(demoFilings, 'runner'),
      ...of(demoFilings, 'big'),
      {
        person: unknownPerson,
        businessDay: '2019-01-31',
        cashIn: 10_000.01,
        cashOut: 2_500,
        multipleTransactions: true,
        accounts: ['A-1'],
        transactionIds: [1, 2, 3],
      },
      {
        person: {
          ...unknownPerson,
          entityId: 10,
          kind: 'INDIVIDUAL',
          lastOrLegalName: 'Ölçer & <Sons>',
          firstName: '  Zoë\t\n Ann  ',
          middleName: 'M',
          tin: '123-45-6789',
          tinType: 'SSN_ITIN',
          dateOfBirth: '1980-00-00',
          address: { street: '5 "Quoted" Rd', city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'ca' },
          occupation: 'Chef & owner',
          identification: { type: "Driver's licence", number: 'D123-456', issuerState: 'ny', issuerCountry: 'us' },
        },
        businessDay: '2019-01-02',
        cashIn: 0,
        cashOut: 15_000,
        multipleTransactions: false,
        accounts: ['X<1>'],
        transactionIds: [4],
      },
    ];
    expect(filings).toHaveLength(6);
    const xml = ctrBatchXml(filings, profile, { filingDate: '2019-02-05' });
    expect(xmllintErrors(xml, FINCEN_SCHEMAS.CTRX)).toEqual([]);
    checkBatch(xml, filings);
    expect(xml).toContain('<FormTypeCode>CTRX</FormTypeCode>');
    expect(xml).toContain('<FilingDateText>20190205</FilingDateText>');
    // the business, on whose behalf; its name escaped
    expect(xml).toContain('<RawEntityIndividualLastName>Smith &amp; Sons &lt;Hardware&gt; "Ltd"</RawEntityIndividualLastName>');
    expect(xml).toMatch(
      /<ActivityPartyTypeCode>23<\/ActivityPartyTypeCode><IndividualEntityCashInAmountText>11000<\/IndividualEntityCashInAmountText><MultipleTransactionsPersonsIndividualsIndicator>Y<\/MultipleTransactionsPersonsIndividualsIndicator><PartyAsEntityOrganizationIndicator>Y</,
    );
    // the account holder on their own behalf and the person who deposited for them
    expect(count(xml, /<ActivityPartyTypeCode>50<\/ActivityPartyTypeCode>/g)).toBe(4);
    expect(count(xml, /<ActivityPartyTypeCode>17<\/ActivityPartyTypeCode>/g)).toBe(1);
    for (const code of ['35', '37', '30', '8', '34']) expect(count(xml, new RegExp(`<ActivityPartyTypeCode>${code}</ActivityPartyTypeCode>`, 'g'))).toBe(6);
    // whole dollars, rounded up; the day as YYYYMMDD; deposits and withdrawals as details
    expect(xml).toContain(
      '<TotalCashInReceiveAmountText>10001</TotalCashInReceiveAmountText><TotalCashOutAmountText>2500</TotalCashOutAmountText><TransactionDateText>20190131</TransactionDateText>',
    );
    expect(xml).toContain('<TotalCashOutAmountText>12346</TotalCashOutAmountText>');
    expect(xml).toContain(
      '<CurrencyTransactionActivityDetailTypeCode>56</CurrencyTransactionActivityDetailTypeCode><DetailTransactionAmountText>15000</DetailTransactionAmountText>',
    );
    // the unknown person says so
    for (const unknown of [
      'BirthDateUnknownIndicator',
      'EntityLastNameUnknownIndicator',
      'FirstNameUnknownIndicator',
      'CityUnknownIndicator',
      'StreetAddressUnknownIndicator',
      'TINUnknownIndicator',
      'IdentificationPresentUnknownIndicator',
    ])
      expect(xml).toContain(`<${unknown}>Y</${unknown}>`);
    // white space folded, the date of birth with an unknown month and day, a driver's licence
    expect(xml).toContain('<RawIndividualFirstName>Zoë Ann</RawIndividualFirstName>');
    expect(xml).toContain('<IndividualBirthDateText>19800000</IndividualBirthDateText>');
    expect(xml).toContain(
      '<OtherIssuerCountryText>US</OtherIssuerCountryText><OtherIssuerStateText>NY</OtherIssuerStateText><PartyIdentificationNumberText>D123-456</PartyIdentificationNumberText><PartyIdentificationTypeCode>5</PartyIdentificationTypeCode>',
    );
    expect(xml).toContain(
      '<PartyIdentificationNumberText>123456789</PartyIdentificationNumberText><PartyIdentificationTypeCode>1</PartyIdentificationTypeCode>',
    );
    expect(xml).toContain('<AccountNumberText>X&lt;1&gt;</AccountNumberText>');
    // the transmitter's identifications: TIN and Transmitter Control Code
    expect(xml).toContain(
      '<PartyIdentificationNumberText>TBSATEST</PartyIdentificationNumberText><PartyIdentificationTypeCode>28</PartyIdentificationTypeCode>',
    );
    expect(xml).toContain('<RawZIPCode>100010001</RawZIPCode>');
  });

  it('is refused by the schema when it breaks it (the validation can fail)', () => {
    const xml = ctrBatchXml(of(demoFilings, 'shop'), profile, { filingDate: '2019-02-05' });
    expect(xmllintErrors(xml.replace('<FormTypeCode>CTRX', '<FormTypeCode>SARX'), FINCEN_SCHEMAS.CTRX)).not.toEqual([]);
    expect(
      xmllintErrors(xml.replace(/<Party SeqNum="\d+"><ActivityPartyTypeCode>37<\/ActivityPartyTypeCode>.*?<\/Party>/, ''), FINCEN_SCHEMAS.CTRX),
    ).not.toEqual([]);
  });

  it('refuses an empty batch and a CTR without cash', () => {
    expect(() => ctrBatchXml([], profile)).toThrow(RangeError);
    expect(() =>
      ctrBatchXml(
        [{ person: unknownPerson, businessDay: '2019-01-02', cashIn: 0, cashOut: 0, multipleTransactions: false, accounts: [], transactionIds: [] }],
        profile,
      ),
    ).toThrow(RangeError);
  });

  it('any CTRs, whatever their text, make a batch the schema accepts with its counts and sums right', () => {
    const anyText = fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 100, maxLength: 220 }) },
      { weight: 2, arbitrary: fc.constantFrom('', ' ', '&<>"\'', ' a  b ', "O'Brien & Co.", '\u0000\u0007\uFFFE', '\uD800x') },
    );
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
    const day = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const dob = fc
      .tuple(fc.integer({ min: 1900, max: 2099 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 31 }))
      .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    const address: fc.Arbitrary<Address> = fc.record({
      street: maybe(anyText),
      city: maybe(anyText),
      state: maybe(anyText),
      zip: maybe(anyText),
      country: maybe(fc.oneof(fc.constantFrom('US', 'CA', 'MX', 'GB', 'de'), anyText)),
    });
    const person: fc.Arbitrary<CtrPerson> = fc.record({
      entityId: fc.nat(),
      externalId: anyText,
      kind: fc.constantFrom('INDIVIDUAL' as const, 'ORGANIZATION' as const),
      lastOrLegalName: maybe(anyText),
      firstName: maybe(anyText),
      middleName: maybe(anyText),
      tin: maybe(anyText),
      tinType: maybe(fc.constantFrom('EIN' as const, 'SSN_ITIN' as const, 'FOREIGN' as const)),
      dateOfBirth: maybe(dob),
      address: maybe(address),
      occupation: maybe(anyText),
      identification: maybe(
        fc.record({
          type: fc.oneof(fc.constantFrom('passport', 'Driver licence', 'alien registration', '5', '999'), anyText),
          number: anyText,
          issuerState: maybe(anyText),
          issuerCountry: maybe(anyText),
        }),
      ),
    });
    const dollars = fc.integer({ min: 0, max: 99_999_999_999 }).map((cents) => cents / 100);
    const filing: fc.Arbitrary<CtrFiling> = fc
      .record({
        person,
        businessDay: day,
        cashIn: dollars,
        cashOut: dollars,
        multipleTransactions: fc.boolean(),
        accounts: fc.array(anyText, { maxLength: 4 }),
        transactionIds: fc.array(fc.nat(), { maxLength: 4 }),
        accountsByDirection: fc.option(fc.record({ cashIn: fc.array(anyText, { maxLength: 3 }), cashOut: fc.array(anyText, { maxLength: 3 }) }), {
          nil: undefined,
        }),
        partyRole: fc.option(fc.constantFrom('OWN_BEHALF' as const, 'FOR_ANOTHER' as const, 'ON_WHOSE_BEHALF' as const), { nil: undefined }),
      })
      .filter((f) => wholeDollars(f.cashIn) + wholeDollars(f.cashOut) > 0);
    const filerProfile = fc
      .record({ regulator: fc.constantFrom('1', '4', '13', '99', ''), type: fc.constantFrom('2', '4', '3', '') })
      .map(({ regulator, type }): FilerProfile => ({
        ...profile,
        institution: { ...profile.institution, primaryRegulator: regulator, institutionType: type, rssd: null },
      }));
    fc.assert(
      fc.property(fc.array(filing, { minLength: 1, maxLength: 6 }), filerProfile, (filings, p) => {
        const xml = ctrBatchXml(filings, p, { filingDate: '2026-11-27' });
        expect(xmllintErrors(xml, FINCEN_SCHEMAS.CTRX)).toEqual([]);
        checkBatch(xml, filings);
      }),
      { numRuns: 40, seed: 20261127 },
    );
  });
});

describe('wholeDollars', () => {
  it('rounds a fraction of a dollar up', () => {
    expect([10_000, 10_000.01, 10_000.5, 12_345.99, 0, 0.01].map(wholeDollars)).toEqual([10_000, 10_001, 10_001, 12_346, 0, 1]);
  });
});
