import { createHash } from 'node:crypto';
import type { Investigations } from './alerts.js';
import { pdfBytes } from './assets.js';
import type { EntityInfo, OrgContext, SeedContext } from './context.js';
import { describeChecks, mdY, pickCheckDeposits } from './documents.checks.js';
import { CHECK_IMAGE_LIMITS } from './documents.limits.js';
import type { EventRefs } from './events.types.js';
import type { SarDraft } from './filings.js';
import { renderCheckBack, renderCheckFront } from './images/check.js';
import { renderIdCard, renderSignatureCard } from './images/identity.js';
import { renderDepositSlip } from './images/slip.js';
import { Rng } from './rng.js';
import { DAY, iso, MINUTE, roundSecond, SEED_NOW } from './time.js';
import { STREETS } from './words.js';
import type { Row } from './writer.js';

/**
 * Documents (attachments) and their bytes: check images on check deposits, ID cards and signature
 * cards of the depositors, and PDFs on cases, SARs, alerts and a few entities. The bytes go to
 * document_contents; a document with a preview has `embed_url` /api/attachments/{id}/content,
 * which the console loads with the agent's token. Some PDFs keep no preview ("Preview unavailable")
 * but can still be downloaded.
 */

const PNG = 'image/png';
const PDF = 'application/pdf';

export const contentUrl = (id: number) => `/api/attachments/${id}/content`;

interface DocSpec {
  objectType: string;
  objectId: number;
  created: number;
  name: string;
  mediaType: 'IMAGE' | 'PDF' | 'CHECK_IMAGE';
  mime: string;
  storage: 'S3' | 'GDRIVE';
  preview: boolean;
  bytes: () => Buffer;
  deleted?: number;
}

function idCardOf(org: OrgContext, e: EntityInfo): Buffer {
  const rng = Rng.named(`${org.key}:id-card:${e.id}`);
  const born = Date.UTC(rng.int(1950, 2003), rng.int(0, 11), rng.int(1, 28));
  const issued = Math.max(e.registeredAt - rng.int(30, 900) * DAY, Date.UTC(2019, 0, 1));
  return renderIdCard({
    region: `${org.key === 'demo' ? 'STATE' : 'PROVINCE'} OF ${e.city.region}`,
    name: e.name,
    dateOfBirth: mdY(born),
    number: `${e.name[0].toUpperCase()}${String(rng.int(10_000_000, 99_999_999))}`,
    street: `${rng.int(10, 999)} ${rng.pick(STREETS)}`,
    city: `${e.city.city}, ${e.city.region}`,
    issued: mdY(issued),
    expires: mdY(issued + 5 * 365 * DAY),
    face: rng.int(0, 3),
  });
}

export async function seedDocuments(ctx: SeedContext, org: OrgContext, inv: Investigations, sars: SarDraft[], refs: EventRefs): Promise<void> {
  const rng = Rng.named(`${org.key}:documents`);
  const specs: DocSpec[] = [];
  const E = org.entities;
  const bank = org.key === 'demo' ? 'VIGIL DEMO BANK' : 'NORTHWIND CU';

  // Check deposits: front and back of each check, on the transaction.
  const checks = describeChecks(org, await pickCheckDeposits(ctx, org, refs.checkDeposits));
  for (const c of checks) {
    const { deposit: d } = c;
    const stem = `check-${c.front.number}${c.flag ? `-${c.flag}` : ''}`;
    specs.push({
      objectType: 'TRANSACTION',
      objectId: d.id,
      created: d.time,
      name: `${stem}-front.png`,
      mediaType: 'CHECK_IMAGE',
      mime: PNG,
      storage: 'S3',
      preview: true,
      bytes: () => renderCheckFront(c.front),
    });
    specs.push({
      objectType: 'TRANSACTION',
      objectId: d.id,
      created: d.time,
      name: `${stem}-back.png`,
      mediaType: 'CHECK_IMAGE',
      mime: PNG,
      storage: 'S3',
      preview: true,
      bytes: () => renderCheckBack(c.back),
    });
  }
  // The depositors' ID cards (the payee's name and signature to compare with), and for customers
  // with a series of checks their account's signature card.
  const limits = CHECK_IMAGE_LIMITS[ctx.scale.name];
  const withId = new Map<number, EntityInfo>();
  for (const c of checks) withId.set(c.deposit.entity.id, c.deposit.entity);
  for (const e of E.filter((x) => x.role !== 'normal' && x.type === 'user')) withId.set(e.id, e);
  for (const e of [...withId.values()].slice(0, Math.max(limits.idCards, new Set(checks.map((c) => c.deposit.entity.id)).size))) {
    specs.push({
      objectType: 'ENTITY',
      objectId: e.id,
      created: Math.max(e.registeredAt, SEED_NOW - 400 * DAY),
      name: 'government-id-front.png',
      mediaType: 'IMAGE',
      mime: PNG,
      storage: 'S3',
      preview: true,
      bytes: () => idCardOf(org, e),
    });
  }
  const cards = new Map<number, { e: EntityInfo; instrumentId: number; tail: string }>();
  for (const c of checks)
    if (c.deposit.series !== null && c.deposit.instrumentId !== null)
      cards.set(c.deposit.instrumentId, { e: c.deposit.entity, instrumentId: c.deposit.instrumentId, tail: c.deposit.accountTail });
  for (const { e, instrumentId, tail } of cards.values()) {
    const opened = Math.max(e.registeredAt, SEED_NOW - 500 * DAY);
    specs.push({
      objectType: 'INSTRUMENT',
      objectId: instrumentId,
      created: opened,
      name: 'signature-card.png',
      mediaType: 'IMAGE',
      mime: PNG,
      storage: 'S3',
      preview: true,
      bytes: () => renderSignatureCard({ bank, holder: e.name, account: `XXXXXX${tail}`, opened: mdY(opened), signer: e.name }),
    });
  }
  for (const e of E.filter((x) => x.role !== 'normal' && x.type === 'business').slice(0, 10)) {
    specs.push({
      objectType: 'ENTITY',
      objectId: e.id,
      created: Math.max(e.registeredAt, SEED_NOW - 400 * DAY),
      name: 'articles-of-organisation.pdf',
      mediaType: 'PDF',
      mime: PDF,
      storage: 'GDRIVE',
      preview: false,
      bytes: () => pdfBytes(`${e.name}: articles of organisation`, 'Filed with the state registry.'),
    });
  }
  for (const s of refs.structuring) {
    const t = s.bursts[0][0];
    const who = E[s.entityIdx];
    specs.push({
      objectType: 'TRANSACTION',
      objectId: t.id,
      created: t.time,
      name: 'deposit-slip.png',
      mediaType: 'IMAGE',
      mime: PNG,
      storage: 'S3',
      preview: true,
      bytes: () => renderDepositSlip(bank, who.name, t.amount, mdY(t.time), rng.int(1, 40)),
    });
  }
  inv.cases.forEach((c, k) => {
    specs.push({
      objectType: 'CASE',
      objectId: c.id,
      created: c.created + DAY,
      name: 'investigation-summary.pdf',
      mediaType: 'PDF',
      mime: PDF,
      storage: 'GDRIVE',
      preview: true,
      bytes: () => pdfBytes(`Case ${c.id}: investigation summary`, c.title),
    });
    if (k === 0)
      specs.push({
        objectType: 'CASE',
        objectId: c.id,
        created: c.created + 2 * DAY,
        name: 'superseded-timeline.pdf',
        mediaType: 'PDF',
        mime: PDF,
        storage: 'S3',
        preview: false,
        bytes: () => pdfBytes('Superseded timeline', c.title),
        deleted: c.created + 3 * DAY,
      });
  });
  for (const s of sars.slice(0, 10))
    specs.push({
      objectType: 'SAR',
      objectId: s.id,
      created: s.created,
      name: 'sar-narrative-draft.pdf',
      mediaType: 'PDF',
      mime: PDF,
      storage: 'GDRIVE',
      preview: true,
      bytes: () => pdfBytes(s.name, 'Narrative draft'),
    });
  for (const a of inv.alerts.filter((x) => x.source === 'EXTERNAL'))
    specs.push({
      objectType: 'ALERT',
      objectId: a.id,
      created: a.created,
      name: 'cardshield-dispute-report.pdf',
      mediaType: 'PDF',
      mime: PDF,
      storage: 'S3',
      preview: true,
      bytes: () => pdfBytes('CardShield dispute report', a.title),
    });
  if (org.sharedDevice)
    specs.push({
      objectType: 'INSTRUMENT',
      objectId: org.sharedDevice.instrumentId,
      created: SEED_NOW - 45 * DAY,
      name: 'device-signals.pdf',
      mediaType: 'PDF',
      mime: PDF,
      storage: 'S3',
      preview: false,
      bytes: () => pdfBytes('Device signals', 'Android handset seen on several unrelated customers.'),
    });

  const documents: Row[] = [];
  const contents: Row[] = [];
  for (const s of specs) {
    const id = ctx.ids.take('documents');
    documents.push({
      id,
      org_id: org.id,
      object_type: s.objectType,
      object_id: s.objectId,
      name: s.name,
      media_type: s.mediaType,
      mime_type: s.mime,
      embed_url: s.preview ? contentUrl(id) : null,
      storage_resource: s.storage,
      uploaded_by_id: rng.pick(org.workers),
      created_at: iso(roundSecond(Math.min(SEED_NOW - MINUTE, s.created))),
      deleted_at: s.deleted === undefined ? null : iso(roundSecond(s.deleted)),
    });
    const bytes = s.bytes();
    contents.push({ document_id: id, org_id: org.id, bytes: `\\x${bytes.toString('hex')}`, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  await ctx.w.insert('documents', documents);
  await ctx.w.insert('document_contents', contents);
}
