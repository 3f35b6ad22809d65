import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { hasPermission, type Principal } from '../../auth/principal.js';
import { isEmbedded, type Db } from '../../db/client.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { rows, textArray } from '../../db/sql.js';
import { visibleInQueue } from '../../auth/visibility.js';

/**
 * Global search, one implementation for every object kind. Free-text fields are matched with pg_trgm
 * (similarity `%`, word similarity `<%`, and ILIKE, all served by the trigram GIN indexes),
 * identifiers by ILIKE substring (also trigram-indexed). Results are ranked: exact match, then
 * prefix, then substring, then by trigram similarity (free text) or closeness of length (ids).
 */

type S = components['schemas'];
export type SearchObjectType = S['SearchObjectType'];
export type SearchResult = S['SearchResult'];

interface Field {
  expr: SQL;
  /**
   * free text (names, titles, notes) on a trigram-indexed column: misspellings match too (trigram
   * similarity and word similarity). Other fields match substrings (ILIKE, served by the trigram
   * index where there is one): identifiers share most trigrams with each other, so similarity
   * would match nearly every row of a large table.
   */
  fuzzy?: boolean;
  /** the organisation feature flag the field needs */
  flag?: string;
  /** a v1 phrase matches it only exactly (internal ids) */
  exact?: boolean;
}

interface Kind {
  objectType: SearchObjectType;
  /** `from ... where` source, aliased x */
  from: SQL;
  externalId: SQL;
  /** what external_ids restricts */
  externalKey: SQL;
  title: SQL;
  subtitle: SQL;
  fields: Record<string, Field>;
  /** fields a v1 phrase without a type is matched against */
  defaults: string[];
  visible?: (p: Principal) => SQL;
  parent?: { type: SQL; id: SQL };
}

const col = (name: string, fuzzy = false, flag?: string): Field => ({ expr: sql.raw(name), fuzzy, flag });
const idField: Field = { expr: sql`x.id::text`, exact: true };

export const KINDS: Record<SearchObjectType, Kind> = {
  ENTITY: {
    objectType: 'ENTITY',
    from: sql`entities x`,
    externalId: sql`x.external_id`,
    externalKey: sql`x.external_id`,
    title: sql`x.name_readable`,
    subtitle: sql`initcap(x.entity_type) || coalesce(' · ' || x.email, '')`,
    fields: {
      name: col('x.name_readable', true),
      external_id: col('x.external_id'),
      email: col('x.email'),
      phone_number: col('x.phone', false, 'phone_number_search'),
    },
    defaults: ['name', 'external_id'],
  },
  INSTRUMENT: {
    objectType: 'INSTRUMENT',
    from: sql`instruments x left join entities xo on xo.org_id = x.org_id and xo.id = x.entity_id`,
    externalId: sql`x.external_id`,
    externalKey: sql`x.external_id`,
    title: sql`x.external_id`,
    subtitle: sql`x.instrument_type || coalesce(' · ' || xo.name_readable, '')`,
    fields: { external_id: col('x.external_id'), instrument_type: col('x.instrument_type') },
    defaults: ['external_id'],
  },
  TRANSACTION: {
    objectType: 'TRANSACTION',
    from: sql`transactions x`,
    externalId: sql`x.external_id`,
    externalKey: sql`x.external_id`,
    title: sql`x.external_id`,
    subtitle: sql`to_char(x.amount, 'FM999999999990.00') || ' ' || x.currency || ' · ' || x.internal_txn_type`,
    fields: { external_id: col('x.external_id') },
    defaults: ['external_id'],
  },
  ACTION_EVENT: {
    objectType: 'ACTION_EVENT',
    from: sql`action_events x`,
    externalId: sql`x.external_id`,
    externalKey: sql`x.external_id`,
    title: sql`x.external_id`,
    subtitle: sql`x.action_type`,
    fields: {
      external_id: col('x.external_id'),
      action_type: col('x.action_type'),
      ip_address: col('x.ip_address'),
      device_fingerprint: col('x.device_fingerprint'),
    },
    defaults: ['external_id'],
  },
  ALERT: {
    objectType: 'ALERT',
    from: sql`alerts x`,
    externalId: sql`null::text`,
    externalKey: sql`x.id::text`,
    title: sql`x.title`,
    subtitle: sql`'Alert ' || x.id || ' · ' || x.status`,
    fields: { title: col('x.title', true), id: idField },
    defaults: ['title', 'id'],
    visible: (p) => visibleInQueue(p, 'x'),
  },
  CASE: {
    objectType: 'CASE',
    from: sql`cases x`,
    externalId: sql`null::text`,
    externalKey: sql`x.id::text`,
    title: sql`x.title`,
    subtitle: sql`'Case ' || x.id || ' · ' || x.status`,
    fields: { title: col('x.title', true), id: idField },
    defaults: ['title', 'id'],
    visible: (p) => visibleInQueue(p, 'x'),
  },
  RULE: {
    objectType: 'RULE',
    from: sql`rules x`,
    externalId: sql`null::text`,
    externalKey: sql`x.id::text`,
    title: sql`x.title`,
    subtitle: sql`x.status`,
    fields: { title: col('x.title', true), id: idField },
    defaults: ['title', 'id'],
  },
  TEAM: {
    objectType: 'TEAM',
    from: sql`teams x`,
    externalId: sql`null::text`,
    externalKey: sql`x.id::text`,
    title: sql`x.name`,
    subtitle: sql`x.description`,
    fields: { name: col('x.name', true), id: idField },
    defaults: ['name'],
  },
  NOTE: {
    objectType: 'NOTE',
    from: sql`comments x
      left join alerts pa on x.object_type = 'ALERT' and pa.org_id = x.org_id and pa.id = x.object_id
      left join cases pc on x.object_type = 'CASE' and pc.org_id = x.org_id and pc.id = x.object_id`,
    externalId: sql`null::text`,
    externalKey: sql`x.id::text`,
    title: sql`case when length(x.content) > 120 then left(x.content, 119) || '…' else x.content end`,
    subtitle: sql`case x.object_type when 'ALERT' then 'Alert ' || pa.id || ': ' || pa.title else 'Case ' || pc.id || ': ' || pc.title end`,
    fields: { content: col('x.content', true) },
    defaults: ['content'],
    // notes on the alerts and cases the caller may read
    visible: (p) => {
      const alerts = hasPermission(p, 'read_alerts') ? sql`(pa.id is not null and ${visibleInQueue(p, 'pa')})` : sql`false`;
      const cases = hasPermission(p, 'read_cases') ? sql`(pc.id is not null and ${visibleInQueue(p, 'pc')})` : sql`false`;
      return sql`(${alerts} or ${cases})`;
    },
    parent: { type: sql`x.object_type`, id: sql`x.object_id` },
  },
};

export type Operator = 'fuzzy' | S['SearchConditionOperator'];
export interface Condition {
  fields: string[];
  operator: Operator;
  value: string;
}

/** ILIKE pattern with the value's own wildcards escaped. */
const literal = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

function resolve(kind: Kind, principal: Principal, name: string): Field {
  const field = kind.fields[name];
  if (!field) throw badRequest(`Unknown search field ${name} for ${kind.objectType}; known: ${Object.keys(kind.fields).join(', ')}`);
  if (field.flag && !principal.featureFlags.has(field.flag)) throw forbidden(`Searching ${name} is not enabled for your organisation`);
  return field;
}

/**
 * pg_trgm's thresholds: the `%` and `<%` operators mean exactly these comparisons. PGlite spins
 * forever, now and then, when a statement uses the operators (docs/decisions.md, Known issues), so
 * the embedded database compares with the functions instead; it uses no trigram index either way
 * (bitmap scans are off there). PostgreSQL keeps the operators, which its GIN indexes serve.
 */
const SIMILARITY_THRESHOLD = 0.3;
const WORD_SIMILARITY_THRESHOLD = 0.6;

function match(field: Field, operator: Operator, value: string, embedded: boolean): SQL {
  const f = field.expr;
  switch (operator) {
    case 'equals':
      return sql`lower(${f}) = lower(${value})`;
    case 'starts_with':
      return sql`${f} ilike ${`${literal(value)}%`}`;
    case 'contains':
      return sql`${f} ilike ${`%${literal(value)}%`}`;
    default:
      if (field.exact) return sql`${f} = ${value}`;
      if (!field.fuzzy) return sql`${f} ilike ${`%${literal(value)}%`}`;
      return embedded
        ? sql`(similarity(${f}, ${value}) >= ${SIMILARITY_THRESHOLD} or word_similarity(${value}, ${f}) >= ${WORD_SIMILARITY_THRESHOLD} or ${f} ilike ${`%${literal(value)}%`})`
        : sql`(${f} % ${value} or ${value} <% ${f} or ${f} ilike ${`%${literal(value)}%`})`;
  }
}

/** Exact match 3, prefix 2, substring 1, plus a closeness in [0, 1]: trigram similarity for free text, length otherwise. */
function score(field: Field, value: string): SQL {
  const f = field.expr;
  const tiers = sql`case when lower(${f}) = lower(${value}) then 3 when ${f} ilike ${`${literal(value)}%`} then 2
    when ${f} ilike ${`%${literal(value)}%`} then 1 else 0 end`;
  const closeness = field.fuzzy
    ? sql`greatest(similarity(${f}, ${value}), word_similarity(${value}, ${f}))`
    : sql`1.0 / (1 + abs(length(${f}) - ${value.length}))`;
  return sql`(${tiers} + ${closeness})`;
}

export type SearchHit = SearchResult;

type Ranked = SearchHit & { rank: number };

/** One query: every condition must match on its (single) field; ranked best first. */
async function searchQuery(
  db: Db,
  principal: Principal,
  kind: Kind,
  conditions: { field: Field; operator: Operator; value: string }[],
  options: SearchOptions,
): Promise<Ranked[]> {
  const where: SQL[] = [sql`x.org_id = ${principal.orgId}`, ...conditions.map((c) => match(c.field, c.operator, c.value, isEmbedded(db)))];
  if (kind.visible) where.push(kind.visible(principal));
  if (options.externalIds?.length) where.push(sql`${kind.externalKey} = any(${textArray(options.externalIds)})`);
  const parent = kind.parent ? sql`, ${kind.parent.type} as parent_object_type, ${kind.parent.id} as parent_object_id` : sql``;
  const rank = sql.join(
    conditions.map((c) => score(c.field, c.value)),
    sql` + `,
  );
  const query = sql`select x.id, ${kind.externalId} as external_id, ${kind.title} as title, ${kind.subtitle} as subtitle ${parent}, (${rank})::float8 as rank
      from ${kind.from} where ${sql.join(where, sql` and `)}
      order by rank desc, x.id desc limit ${options.limit}`;
  // On PGlite bitmap scans are off for the whole connection (see server/db/client.ts).
  return rows<Ranked>(db, query);
}

interface SearchOptions {
  limit: number;
  externalIds?: string[];
}

/**
 * Runs a search of one kind: every condition must match; a condition naming several fields matches
 * on any of them. Each alternative field is searched by its own query (one trigram index per query)
 * and the results merged by best rank: PGlite hangs re-running one query that ORs trigram scans of
 * two GIN indexes, and per-field queries plan better on PostgreSQL too.
 */
export async function runSearch(
  db: Db,
  principal: Principal,
  type: SearchObjectType,
  conditions: Condition[],
  options: SearchOptions,
): Promise<{ results: SearchHit[]; count: number }> {
  const kind = KINDS[type];
  const resolved = conditions.map((c) => ({ ...c, fields: c.fields.map((name) => resolve(kind, principal, name)) }));
  // expand conditions with several fields into alternatives with one field each
  let alternatives: { field: Field; operator: Operator; value: string }[][] = [[]];
  for (const c of resolved) alternatives = alternatives.flatMap((alt) => c.fields.map((field) => [...alt, { field, operator: c.operator, value: c.value }]));
  const best = new Map<number, Ranked>();
  for (const alt of alternatives) {
    for (const hit of await searchQuery(db, principal, kind, alt, options)) {
      const seen = best.get(hit.id);
      if (!seen || hit.rank > seen.rank) best.set(hit.id, hit);
    }
  }
  const results = [...best.values()]
    .sort((a, b) => b.rank - a.rank || b.id - a.id)
    .slice(0, options.limit)
    .map(({ rank: _rank, ...hit }) => ({ ...hit, title: hit.title ?? '', object_type: kind.objectType }));
  return { results, count: results.length };
}
