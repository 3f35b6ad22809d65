import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../openapi/schema.js';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { rows, intArray, iso, type Ts } from '../db/sql.js';
import { tag as mapTag } from './alerts.mappers.js';
import { queueVisible } from './alerts.queries.js';
import { CENSORED_VALUE, principalTeamIds, settingAccess, shownValue } from './censorship.js';

/**
 * Shared readers of the investigation objects (Entity, Instrument, TransactionEvent, ActionEvent)
 * and the pieces they share: the viewer (censorship grants), restricted-queue visibility, formatted
 * data and annotations (tags, documents, comments). Loaders take ids already known to be in the
 * caller's organisation and answer the objects in the order of the ids (missing ids are skipped).
 */

type S = components['schemas'];
export type Entity = S['Entity'];
export type Instrument = S['Instrument'];
export type TransactionEvent = S['TransactionEvent'];
export type ActionEvent = S['ActionEvent'];
export type Tag = S['Tag'];
export type DocumentOut = S['Document'];
export type CommentOut = S['Comment'];
export type FormattedData = S['FormattedData'];
export type DataLoader = S['DataLoader'] | null;

export { CENSORED_VALUE };

interface SettingRow {
  id: number;
  user_facing_label: string;
  configured_flow: string | null;
  censorship_setting: string;
  team_ids: number[];
  agent_ids: number[];
}

/** Who is reading, with what they need to see censored fields. */
export interface Viewer {
  principal: Principal;
  orgId: number;
  settings: Map<string, SettingRow>;
  teamIds: Set<number>;
}

export async function loadViewer(db: Db, principal: Principal): Promise<Viewer> {
  const [settings, teams] = await Promise.all([
    rows<SettingRow>(
      db,
      sql`select id, user_facing_label, configured_flow, censorship_setting,
        team_ids_with_censorship_read_permission as team_ids, agent_ids_with_censorship_read_permission as agent_ids
        from data_settings where org_id = ${principal.orgId}`,
    ),
    principalTeamIds(db, principal),
  ]);
  return {
    principal,
    orgId: principal.orgId,
    settings: new Map(settings.map((s) => [String(s.id), s])),
    teamIds: teams,
  };
}

/**
 * SQL condition: the alert or case row `alias` is visible to the principal. Rows in a restricted
 * queue are visible only to the queue's members and to root_all.
 */
export function visibleInQueue(principal: Principal, alias: string): SQL {
  return queueVisible(principal, sql.raw(`${alias}.queue_id`));
}


const FLOWS = new Set(['OUTBOUND', 'INBOUND', 'OTHER']);


/** Normalises stored formatted data to the contract shape and applies censorship for the viewer. */
export function formattedData(raw: unknown, viewer: Viewer): FormattedData {
  const out: FormattedData = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [key, stored] of Object.entries(raw as Record<string, unknown>)) {
    if (!/^[0-9]+$/.test(key)) continue;
    const v = (stored && typeof stored === 'object' ? stored : { formatted_value: stored }) as Record<string, unknown>;
    const setting = viewer.settings.get(key);
    // decrypted (or masked) before anything else reads it, so ciphertext never reaches an answer
    const shown = shownValue(v.formatted_value, setting ? settingAccess(viewer.principal, viewer.teamIds, setting) : null);
    let value = shown.value;
    if (value !== null && typeof value === 'object') value = JSON.stringify(value);
    const flow = typeof v.flow === 'string' && FLOWS.has(v.flow) ? v.flow : setting?.configured_flow && FLOWS.has(setting.configured_flow) ? setting.configured_flow : null;
    out[key] = {
      formatted_value: value as string | number | boolean | null,
      flow: flow as FormattedData[string]['flow'],
      name_readable: typeof v.name_readable === 'string' ? v.name_readable : (setting?.user_facing_label ?? key),
      external_id: typeof v.external_id === 'string' ? v.external_id : null,
      id: typeof v.id === 'number' && Number.isInteger(v.id) ? v.id : null,
      ...(shown.revealable ? { revealable: true } : {}),
    };
  }
  return out;
}


// ---------------------------------------------------------------------------------------------
// Annotations: tags, documents, comments of a set of objects of one kind
// ---------------------------------------------------------------------------------------------

export interface DocumentRow {
  id: number;
  object_id: number;
  name: string;
  media_type: string;
  mime_type: string;
  embed_url: string | null;
  storage_resource: string;
  created_at: Ts;
}

export function mapDocument(d: Omit<DocumentRow, 'object_id'>): DocumentOut {
  return {
    id: d.id,
    name: d.name,
    media_type: d.media_type,
    mime_type: d.mime_type,
    embed_url: d.embed_url,
    storage_resource: d.storage_resource === 'GDRIVE' ? 'GDRIVE' : 'S3',
    created_at: iso(d.created_at),
  };
}

interface CommentRow {
  id: number;
  object_id: number;
  content: string;
  created_at: Ts;
  author_id: number | null;
  full_name: string | null;
  email: string | null;
  picture: string | null;
}

/** A comment; comments without an author (system notes) are attributed to "System" with id 0 (as alerts do). */
export function mapComment(c: Omit<CommentRow, 'object_id'>): CommentOut {
  return {
    id: c.id,
    author: { id: c.author_id ?? 0, full_name: c.full_name ?? 'System', email: c.email ?? '', picture: c.picture },
    content: c.content,
    created_at: iso(c.created_at),
  };
}

export interface Annotations {
  tags: Tag[];
  documents: DocumentOut[];
  comments: CommentOut[];
}

function group<T extends { object_id: number }, U>(list: T[], map: (row: T) => U): Map<number, U[]> {
  const out = new Map<number, U[]>();
  for (const row of list) {
    const bucket = out.get(row.object_id);
    if (bucket) bucket.push(map(row));
    else out.set(row.object_id, [map(row)]);
  }
  return out;
}

/** Tags (by title), live documents (newest first) and comments (oldest first) of objects of one kind. */
export async function loadAnnotations(db: Db, orgId: number, objectType: string, ids: readonly number[]): Promise<(id: number) => Annotations> {
  if (!ids.length) return () => ({ tags: [], documents: [], comments: [] });
  const idList = intArray(ids);
  const [tags, documents, comments] = await Promise.all([
    rows<Tag & { object_id: number }>(
      db,
      sql`select ot.object_id, t.id, t.title, t.color from object_tags ot join tags t on t.org_id = ot.org_id and t.id = ot.tag_id
        where ot.org_id = ${orgId} and ot.object_type = ${objectType} and ot.object_id = any(${idList}) order by t.title, t.id`,
    ),
    rows<DocumentRow>(
      db,
      sql`select id, object_id, name, media_type, mime_type, embed_url, storage_resource, created_at from documents
        where org_id = ${orgId} and object_type = ${objectType} and object_id = any(${idList}) and deleted_at is null order by created_at desc, id desc`,
    ),
    rows<CommentRow>(
      db,
      sql`select c.id, c.object_id, c.content, c.created_at, c.author_id, a.full_name, a.email, a.picture from comments c
        left join agents a on a.id = c.author_id
        where c.org_id = ${orgId} and c.object_type = ${objectType} and c.object_id = any(${idList}) order by c.created_at, c.id`,
    ),
  ]);
  const byTag = group(tags, mapTag);
  const byDoc = group(documents, mapDocument);
  const byComment = group(comments, mapComment);
  return (id) => ({ tags: byTag.get(id) ?? [], documents: byDoc.get(id) ?? [], comments: byComment.get(id) ?? [] });
}

export { loadEntities, loadInstruments } from './entities.mappers.js';
export { loadTransactions, loadActionEvents } from './transactions.mappers.js';
