import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { migrateDatabase, openDatabase, type Database } from '../../../server/db/client.js';
import { SAR_STATUSES } from '../../../server/db/schema/filings.js';
import { AGENT_PRESET, MANAGER_PRESET } from '../../../server/domain/permissions/presets.js';
import { seedDatabase, type SeedSummary } from '../../../server/seed/index.js';
import { detectEvents } from '../../../server/domain/detection/detect.js';
import { rows, type SqlRunner } from '../../../server/db/sql.js';
import { sql } from 'drizzle-orm';

const contract = (file: string) => parse(readFileSync(new URL(`../../../openapi/components/${file}`, import.meta.url), 'utf8'));
const PERMISSION_NAMES: string[] = contract('permissions.yaml').PermissionName.enum;
const NOTIFICATION_TYPES: string[] = contract('notifications.yaml').NotificationEntityType.enum;
const JOURNAL = JSON.parse(readFileSync(new URL('../../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'));

/** md5 of every row of every public table, in a stable order. */
async function checksums(db: Database): Promise<Record<string, string>> {
  const tables = await db.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`);
  const out: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = await db.query<{ sum: string }>(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from "${tablename}" t`);
    out[tablename] = row.sum;
  }
  return out;
}

/** Index and constraint definitions, to check that the seed puts back what it drops for the bulk load. */
async function schemaShape(db: Database): Promise<string[]> {
  const indexes = await db.query<{ d: string }>(`select indexdef as d from pg_indexes where schemaname = 'public' order by indexname`);
  const constraints = await db.query<{ d: string }>(
    `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as d from pg_constraint where connamespace = 'public'::regnamespace order by conname`,
  );
  return [...indexes, ...constraints].map((r) => r.d);
}

const count = async (db: Database, sql: string, params: unknown[] = []) => (await db.query<{ n: number }>(`select (${sql})::int as n`, params))[0].n;

describe('database schema and demo data', () => {
  let db: Database;
  let firstSummary: SeedSummary;
  let secondSummary: SeedSummary;
  let firstSums: Record<string, string>;
  let secondSums: Record<string, string>;
  let migratedSchema: string[];

  beforeAll(async () => {
    db = await openDatabase({});
    await migrateDatabase(db);
    migratedSchema = await schemaShape(db);
    firstSummary = await seedDatabase(db, { scale: 'small' });
    firstSums = await checksums(db);
    // the second run truncates and reseeds the same database, later in wall-clock time
    secondSummary = await seedDatabase(db, { scale: 'small' });
    secondSums = await checksums(db);
  }, 240_000);

  afterAll(async () => {
    await db?.close();
  });

  it('applies every migration to a fresh in-memory PGlite, with pg_trgm and pgcrypto', async () => {
    const applied = await count(db, 'select count(*) from drizzle.__drizzle_migrations');
    expect(applied).toBe(JOURNAL.entries.length);
    const extensions = await db.query<{ extname: string }>(`select extname from pg_extension order by extname`);
    expect(extensions.map((e) => e.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'pgcrypto']));
    const trigram = await db.query<{ indexname: string }>(
      `select indexname from pg_indexes where schemaname = 'public' and indexdef like '%gin_trgm_ops%' order by 1`,
    );
    expect(trigram.map((i) => i.indexname)).toEqual(
      expect.arrayContaining([
        'entities_name_readable_trgm_idx',
        'entities_external_id_trgm_idx',
        'instruments_external_id_trgm_idx',
        'alerts_title_trgm_idx',
        'cases_title_trgm_idx',
        'rules_title_trgm_idx',
        'teams_name_trgm_idx',
        'transactions_external_id_trgm_idx',
        'action_events_external_id_trgm_idx',
        'comments_content_trgm_idx',
      ]),
    );
    // a trigram search works and can use the index
    expect(await count(db, `select count(*) from entities where name_readable ilike $1`, ['%a%'])).toBeGreaterThan(0);
  });

  it('leaves the indexes and constraints as the migrations made them', async () => {
    expect(await schemaShape(db)).toEqual(migratedSchema);
  });

  it('keeps every table and column name snake_case and every tenant table keyed by org_id', async () => {
    const names = await db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    for (const { table_name, column_name } of names) {
      expect(table_name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(column_name).toMatch(/^[a-z][a-z0-9_]*$/);
    }
    const withoutOrg = await db.query<{ tablename: string }>(
      `select tablename from pg_tables t where schemaname = 'public'
       and not exists (select 1 from information_schema.columns c where c.table_schema = 'public' and c.table_name = t.tablename and c.column_name = 'org_id')
       order by 1`,
    );
    expect(withoutOrg.map((t) => t.tablename)).toEqual(['magic_link_requests', 'organisations', 'permissions']);
    // indexes of tenant tables lead with org_id, except primary keys, unique keys on global values and trigram indexes
    const indexes = await db.query<{ indexname: string; indexdef: string }>(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.indexdef not like '%gin_trgm_ops%'
       and not exists (select 1 from pg_constraint k where k.contype = 'p' and k.conname = i.indexname)
       and exists (select 1 from information_schema.columns c where c.table_schema = 'public' and c.table_name = i.tablename and c.column_name = 'org_id')`,
    );
    const globalOnes = new Set([
      'agents_email_unique',
      'magic_links_token_hash_unique',
      'refresh_tokens_token_hash_unique',
      'refresh_tokens_family_idx',
      'mail_outbox_created_idx',
      'jobs_status_run_at_idx',
      'ai_tracking_created_idx',
      'ai_agents_org_id_unique',
    ]);
    for (const { indexname, indexdef } of indexes) {
      if (globalOnes.has(indexname)) continue;
      expect(indexdef, indexname).toMatch(/\(org_id[,)]/);
    }
  });

  it('produces identical data on every run', () => {
    expect(secondSummary.counts).toEqual(firstSummary.counts);
    expect(secondSums).toEqual(firstSums);
    expect(firstSummary.counts.transactions).toBeGreaterThanOrEqual(3000);
    expect(firstSummary.counts.entities).toBeGreaterThanOrEqual(200);
  });

  it('reports the rows it wrote', async () => {
    for (const table of ['transactions', 'entities', 'alerts', 'sars', 'notifications', 'evaluation_logs']) {
      expect(secondSummary.counts[table], table).toBe(await count(db, `select count(*) from "${table}"`));
    }
  });

  it('has every SAR status and every notification entity type', async () => {
    const statuses = await db.query<{ status: string }>(`select distinct status from sars where org_id = 1 order by 1`);
    expect(statuses.map((s) => s.status).sort()).toEqual([...SAR_STATUSES].sort());
    const logins = await db.query<{ email: string; types: string[] }>(
      `select a.email, array_agg(distinct n.entity_type order by n.entity_type) as types
       from agents a join notifications n on n.agent_id = a.id
       where a.email in ('analyst@demo.test', 'manager@demo.test', 'admin@demo.test', 'restricted@demo.test', 'analyst@northwind.test', 'admin@northwind.test')
       group by a.email`,
    );
    expect(logins).toHaveLength(6);
    for (const { email, types } of logins) {
      // FINTRAC reports are Northwind's: Demo Bank files with FinCEN only
      const expected = email.endsWith('@northwind.test') ? NOTIFICATION_TYPES : NOTIFICATION_TYPES.filter((t) => t !== 'FINTRAC_REPORT');
      expect(types, email).toEqual([...expected].sort());
      const statuses = await db.query<{ status: string }>(
        `select distinct n.status from notifications n join agents a on a.id = n.agent_id where a.email = $1 order by 1`,
        [email],
      );
      expect(
        statuses.map((s) => s.status),
        email,
      ).toEqual(['read', 'unread']);
    }
  });

  it('has every alert status, file export status and censorship setting', async () => {
    const distinct = async (sql: string) => (await db.query<{ v: string }>(sql)).map((r) => r.v).sort();
    expect(await distinct(`select distinct status as v from alerts where org_id = 1`)).toEqual(['CLOSED', 'IN_REVIEW', 'OPEN', 'RULE_VALIDATION']);
    expect(await distinct(`select distinct status as v from file_exports where org_id = 1`)).toEqual([
      'CANCELED',
      'FAILED',
      'GENERATING',
      'READY_FOR_DOWNLOAD',
      'REQUESTED',
    ]);
    expect(await distinct(`select distinct censorship_setting as v from data_settings where org_id = 1`)).toEqual([
      'ALWAYS_VISIBLE',
      'CENSORED',
      'CENSORED_BUT_VIEWABLE',
      'ENCRYPTED',
    ]);
    expect(await distinct(`select distinct key_type as v from data_settings where org_id = 1`)).toEqual(['CUSTOM', 'NATIVE']);
    expect(await distinct(`select distinct status as v from rules where org_id = 1`)).toEqual(['ACTIVE', 'ACTIVE_SHADOW', 'ARCHIVED', 'DRAFT']);
    expect(await distinct(`select distinct status as v from risk_models where org_id = 1`)).toEqual(['active', 'draft']);
    expect(await distinct(`select distinct relation_type as v from ai_agent_outputs where org_id = 1`)).toEqual(['ALERT', 'CASE', 'RULE', 'SAR']);
  });

  it('never points a row at another organisation’s parent', async () => {
    // Every foreign key between two tenant tables, found in the catalogue. Internal staff act across
    // organisations, so the impersonator of an impersonation log and the agent of its audit entries are exempt.
    const fks = await db.query<{ name: string; child: string; parent: string; child_cols: string[]; parent_cols: string[] }>(
      `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
         array(select a.attname from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i)::text[] as child_cols,
         array(select a.attname from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i)::text[] as parent_cols
       from pg_constraint c
       where c.contype = 'f' and c.connamespace = 'public'::regnamespace
         and exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'org_id')
         and exists (select 1 from pg_attribute a where a.attrelid = c.confrelid and a.attname = 'org_id')`,
    );
    expect(fks.length).toBeGreaterThan(40);
    const exempt = new Set(['impersonation_logs_agent_id_agents_id_fk', 'audit_log_agent_id_agents_id_fk']);
    const mismatches: string[] = [];
    for (const fk of fks) {
      if (exempt.has(fk.name)) continue;
      const on = fk.child_cols.map((col, i) => `p."${fk.parent_cols[i]}" = c."${col}"`).join(' and ');
      const n = await count(db, `select count(*) from ${fk.child} c join ${fk.parent} p on ${on} where p.org_id is distinct from c.org_id`);
      if (n) mismatches.push(`${fk.name}: ${n}`);
    }
    expect(mismatches).toEqual([]);
    // impersonation and its audit entries are the only cross-organisation agent references
    expect(
      await count(db, `select count(*) from audit_log l join agents a on a.id = l.agent_id where a.org_id <> l.org_id and l.action not like 'impersonation.%'`),
    ).toBe(0);

    // polymorphic references: comments, documents, tags and AI outputs point at objects of their organisation
    const objectTables: Record<string, string> = {
      ENTITY: 'entities',
      INSTRUMENT: 'instruments',
      TRANSACTION: 'transactions',
      ACTION_EVENT: 'action_events',
      ALERT: 'alerts',
      CASE: 'cases',
      SAR: 'sars',
      RULE: 'rules',
    };
    for (const [table, typeCol, idCol] of [
      ['comments', 'object_type', 'object_id'],
      ['documents', 'object_type', 'object_id'],
      ['object_tags', 'object_type', 'object_id'],
      ['ai_agent_outputs', 'relation_type', 'relation_id'],
    ] as const) {
      const types = await db.query<{ t: string }>(`select distinct ${typeCol} as t from ${table}`);
      for (const { t } of types) {
        const parent = objectTables[t];
        expect(parent, `${table}.${typeCol} = ${t}`).toBeDefined();
        const orphans = await count(
          db,
          `select count(*) from ${table} x left join ${parent} p on p.id = x.${idCol} and p.org_id = x.org_id where x.${typeCol} = $1 and p.id is null`,
          [t],
        );
        expect(orphans, `${table} → ${t}`).toBe(0);
      }
    }
    const notificationTargets: Record<string, string> = {
      CASE: 'cases',
      ALERT: 'alerts',
      ALERT_QUEUE: 'queues',
      PROFILE: 'agents',
      RULE: 'rules',
      SAR: 'sars',
      FILE_EXPORT: 'file_exports',
      FFIP_NOTIFICATION: 'flat_files',
    };
    for (const [type, parent] of Object.entries(notificationTargets)) {
      const orphans = await count(
        db,
        `select count(*) from notifications n left join ${parent} p on p.id = n.entity_id and p.org_id = n.org_id where n.entity_type = $1 and n.entity_id is not null and p.id is null`,
        [type],
      );
      expect(orphans, `notifications → ${type}`).toBe(0);
    }
    expect(await count(db, `select count(*) from notifications n join agents a on a.id = n.agent_id where a.org_id <> n.org_id`)).toBe(0);
    expect(await count(db, `select count(*) from alerts a join agents g on g.id = a.assigned_to_id where g.org_id <> a.org_id`)).toBe(0);
  });

  it('plants structuring: three or more cash deposits of 9,000-9,999 by one customer within 7 days', async () => {
    const rows = await db.query<{ entity_id: number; deposits: number }>(
      `select t.receiver_entity_id as entity_id, count(*)::int as deposits
       from transactions t
       join transactions w on w.org_id = t.org_id and w.receiver_entity_id = t.receiver_entity_id
         and w.internal_txn_type = 'CASH_DEPOSIT' and w.amount between 9000 and 9999.99
         and w.event_time >= t.event_time and w.event_time < t.event_time + interval '7 days'
       where t.org_id = 1 and t.internal_txn_type = 'CASH_DEPOSIT' and t.amount between 9000 and 9999.99
       group by t.id, t.receiver_entity_id having count(*) >= 3`,
    );
    expect(rows.length).toBeGreaterThan(0);
    // and the structuring rule raised an alert on each such customer
    const unalerted = await count(
      db,
      `select count(distinct e.id) from entities e
       where e.id = any($1::int[]) and not exists (
         select 1 from alert_entities ae join alert_rules ar on ar.alert_id = ae.alert_id join rules r on r.id = ar.rule_id
         where ae.entity_id = e.id and r.title = 'Structuring below CTR threshold')`,
      [rows.map((r) => r.entity_id)],
    );
    expect(unalerted).toBe(0);
  });

  it('plants rapid movement through mule accounts and a device and IP shared by unrelated customers', async () => {
    const rapid = await count(
      db,
      `select count(*) from transactions i join transactions o on o.org_id = i.org_id and o.sender_entity_id = i.receiver_entity_id
         and o.event_time > i.event_time and o.event_time < i.event_time + interval '6 hours' and o.amount >= i.amount * 0.9 and o.amount <= i.amount
       where i.org_id = 1 and i.amount >= 5000 and i.receiver_entity_id is not null`,
    );
    expect(rapid).toBeGreaterThanOrEqual(6);
    const shared = await db.query<{ fp: string; ip: string; customers: number }>(
      `select device_fingerprint as fp, ip_address as ip, count(distinct entity_id)::int as customers
       from action_events where org_id = 1 group by 1, 2 having count(distinct entity_id) >= 3`,
    );
    expect(shared).toHaveLength(1);
    expect(shared[0].ip).toBe('203.0.113.77');
  });

  it('raised the rule-driven alerts with the detection engine: judging the seeded events again finds exactly the seeded ledger', async () => {
    const ledger = async (runner: SqlRunner, orgId: number, kind: string) =>
      (
        await rows<{ k: string }>(
          runner,
          sql`select rule_id || ':' || subject_type || ':' || subject_id || ':' || event_id || ':' || is_shadow || ':' || variable_snapshot::text as k
            from rule_hits where org_id = ${orgId} and event_type = ${kind} order by 1`,
        )
      ).map((r) => r.k);
    let failures = 0;
    for (const orgId of [1, 2]) {
      for (const [kind, table] of [
        ['TRANSACTION', 'transactions'],
        ['ACTION_EVENT', 'action_events'],
      ] as const) {
        const seeded = await ledger(db.db, orgId, kind);
        failures += seeded.length;
        const ids = (await rows<{ id: number }>(db.db, sql`select id from ${sql.raw(table)} where org_id = ${orgId} order by id`)).map((r) => r.id);
        // the engine's own entry, on an emptied ledger, in a transaction rolled back
        await db.db
          .transaction(async (tx) => {
            await tx.execute(sql`delete from rule_hits where org_id = ${orgId} and event_type = ${kind}`);
            await detectEvents(tx, orgId, kind, ids);
            expect(await ledger(tx, orgId, kind), `${kind} of organisation ${orgId}`).toEqual(seeded);
            throw new Error('roll back');
          })
          .catch((e: unknown) => {
            if (!(e instanceof Error) || e.message !== 'roll back') throw e;
          });
      }
    }
    expect(failures).toBeGreaterThan(0);
    // every hit of an engine-raised alert is one ledger failure of its rule, at its version
    expect(
      await count(
        db,
        `select count(*) from alert_hits h join alerts a on a.org_id = h.org_id and a.id = h.alert_id
         where a.detection_key is not null and (h.rule_version is distinct from 1 or not exists (
           select 1 from rule_hits l where l.org_id = h.org_id and l.alert_hit_id = h.id and l.alert_id = a.id and l.rule_id = h.rule_id))`,
      ),
    ).toBe(0);
    expect(await count(db, `select count(*) from rule_hits where is_shadow = false and alert_id is null`)).toBe(0);
    // one evaluation log per event judged
    expect(await count(db, `select count(*) from evaluation_logs`)).toBe(
      await count(db, `select (select count(*) from transactions) + (select count(*) from action_events)`),
    );
  });

  it("has the ten typologies in the demo: live alerts, shadow results, or the draft rule's validation sample", async () => {
    const found = await db.query<{ title: string; n: number }>(
      `select r.title, (select count(*) from rule_hits h where h.org_id = r.org_id and h.rule_id = r.id)::int
         + (select count(*) from alerts a join alert_rules ar on ar.org_id = a.org_id and ar.alert_id = a.id
            where ar.rule_id = r.id and a.status = 'RULE_VALIDATION')::int as n
       from rules r where r.org_id = 1`,
    );
    const typologies = [
      'Structuring below CTR threshold',
      'Rapid movement of funds',
      'Large cash deposit at CTR threshold',
      'Wire to or from a high-risk jurisdiction',
      'Dormant account reactivation',
      'Velocity: burst of outgoing payments',
      'Round-amount transfers',
      'Fan-in: funds from many senders',
      'Fan-out: funds to many recipients',
      'Card testing: burst of small authorisations',
    ];
    for (const title of typologies) expect(found.find((r) => r.title === title)?.n ?? 0, title).toBeGreaterThan(0);
  });

  it('grants the documented permission sets', async () => {
    expect(await count(db, 'select count(*) from permissions')).toBe(PERMISSION_NAMES.length);
    expect(PERMISSION_NAMES).toEqual(expect.arrayContaining([...MANAGER_PRESET]));
    const grants = async (email: string) =>
      (
        await db.query<{ name: string }>(
          `select p.name from permission_associations pa join permissions p on p.id = pa.permission_id join agents a on a.id = pa.association_id
           where pa.association_type = 'agent' and a.email = $1 order by 1`,
          [email],
        )
      ).map((r) => r.name);
    expect(await grants('analyst@demo.test')).toEqual([...AGENT_PRESET].sort());
    expect(await grants('manager@demo.test')).toEqual([...MANAGER_PRESET].sort());
    expect(await grants('admin@demo.test')).toEqual(['root_all']);
    expect(await grants('admin@northwind.test')).toEqual(['root_all']);
    expect(await grants('restricted@demo.test')).toEqual(['read_alerts', 'read_cases', 'read_entities', 'read_events']);
    const [admin] = await db.query<{ is_internal: boolean; is_ai_admin: boolean }>(
      `select is_internal, is_ai_admin from agents where email = 'admin@demo.test'`,
    );
    expect(admin).toEqual({ is_internal: true, is_ai_admin: true });
    expect(await count(db, `select count(*) from agents where email = 'admin@northwind.test' and not is_internal`)).toBe(1);

    // the restricted agent belongs to exactly one restricted queue
    const queues = await db.query<{ title: string; access_type: string }>(
      `select q.title, q.access_type from queue_members m join queues q on q.id = m.queue_id join agents a on a.id = m.agent_id where a.email = 'restricted@demo.test'`,
    );
    expect(queues).toEqual([{ title: 'Sensitive Investigations', access_type: 'restricted' }]);
    // the team with a permission set has members, none of them a demo login
    const team = await db.query<{ name: string; members: string[] }>(
      `select t.name, array_agg(a.email order by a.email) as members from teams t join team_members m on m.team_id = t.id join agents a on a.id = m.agent_id
       where t.has_permission_set group by t.name`,
    );
    expect(team).toHaveLength(1);
    expect(team[0].members.some((e) => ['analyst@demo.test', 'manager@demo.test', 'admin@demo.test', 'restricted@demo.test'].includes(e))).toBe(false);
    expect(await count(db, `select count(*) from permission_associations where association_type = 'team'`)).toBeGreaterThan(0);
  });

  it('allows one active risk model per organisation and continues ids after the seed', async () => {
    await expect(db.query(`insert into risk_models (org_id, title, status) values (1, 'second active', 'active')`)).rejects.toThrow(
      /risk_models_one_active_per_org_idx/,
    );
    const [row] = await db.query<{ id: number }>(`insert into tags (org_id, title, color) values (1, 'Inserted by the test', 'blue') returning id`);
    expect(row.id).toBeGreaterThan(await count(db, `select max(id) from tags where title <> 'Inserted by the test'`));
    await db.query(`delete from tags where title = 'Inserted by the test'`);
  });
});
