import { sql, type SQL } from 'drizzle-orm';
import { hasPermission, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { components } from '../../../openapi/schema.js';

type FileExport = components['schemas']['FileExport'];

/**
 * The chat assistant. There is no language model: it recognises questions about counts of the
 * organisation's alerts, cases, transactions, SARs and entities and answers them from SQL, over
 * what the caller may see (read permissions, restricted queues); otherwise it says what it can do.
 */

/** An object in a restricted queue exists only for the queue's members and root_all holders. */
function visibleInQueue(principal: Principal, alias: string): SQL {
  if (principal.rootAll) return sql`true`;
  const t = sql.identifier(alias);
  return sql`(${t}.queue_id is null
    or not exists (select 1 from queues q where q.org_id = ${t}.org_id and q.id = ${t}.queue_id and q.access_type = 'restricted')
    or exists (select 1 from queue_members m where m.org_id = ${t}.org_id and m.queue_id = ${t}.queue_id and m.agent_id = ${principal.agentId}))`;
}

interface Topic {
  name: string;
  pattern: RegExp;
  permission: string;
  answer: (db: Db, principal: Principal) => Promise<string>;
}

const fmt = (n: number) => n.toLocaleString('en-US');

function breakdown(parts: { key: string; count: number }[]) {
  return parts.length ? ` (${parts.map((p) => `${p.key.replace(/_/g, ' ').toLowerCase()} ${fmt(p.count)}`).join(', ')})` : '';
}

async function countByStatus(db: Db, principal: Principal, table: 'alerts' | 'cases' | 'sars', label: string) {
  const counts = await rows<{ key: string; count: number }>(
    db,
    sql`select o.status as key, count(*)::int as count from ${sql.identifier(table)} o
      where o.org_id = ${principal.orgId} and ${visibleInQueue(principal, 'o')}
      group by o.status order by count(*) desc, o.status`,
  );
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return `${label}: ${fmt(total)} in total${breakdown(counts)}.`;
}

const TOPICS: Topic[] = [
  {
    name: 'alerts',
    pattern: /\balerts?\b/i,
    permission: 'read_alerts',
    answer: (db, p) => countByStatus(db, p, 'alerts', 'Alerts'),
  },
  {
    name: 'cases',
    pattern: /\bcases?\b/i,
    permission: 'read_cases',
    answer: (db, p) => countByStatus(db, p, 'cases', 'Cases'),
  },
  {
    name: 'SARs',
    pattern: /\bsars?\b|suspicious activity reports?/i,
    permission: 'read_sars',
    answer: (db, p) => countByStatus(db, p, 'sars', 'SARs'),
  },
  {
    name: 'transactions',
    pattern: /\btransactions?\b|\btxns?\b|\bpayments?\b/i,
    permission: 'read_events',
    async answer(db, principal) {
      const byCurrency = await rows<{ currency: string; count: number; amount: number }>(
        db,
        sql`select currency, count(*)::int as count, coalesce(sum(amount), 0)::float8 as amount from transactions
          where org_id = ${principal.orgId} group by currency order by count(*) desc, currency`,
      );
      const total = byCurrency.reduce((sum, c) => sum + c.count, 0);
      const amounts = byCurrency.map(
        (c) => `${c.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${c.currency} over ${fmt(c.count)}`,
      );
      return `Transactions: ${fmt(total)} in total${amounts.length ? ` (${amounts.join('; ')})` : ''}.`;
    },
  },
  {
    name: 'entities',
    pattern: /\bentit(y|ies)\b|\bcustomers?\b|\bmembers?\b/i,
    permission: 'read_entities',
    async answer(db, principal) {
      const counts = await rows<{ key: string; count: number }>(
        db,
        sql`select entity_type as key, count(*)::int as count from entities where org_id = ${principal.orgId}
          group by entity_type order by count(*) desc, entity_type`,
      );
      return `Entities: ${fmt(counts.reduce((sum, c) => sum + c.count, 0))} in total${breakdown(counts)}.`;
    },
  },
];

export const HELP =
  'I can answer questions about how many alerts, cases, transactions, SARs and entities your organisation has, ' +
  'for example "How many alerts and cases are there?". I cannot answer other questions yet.';

function exportLine(fileExport: FileExport) {
  const size = fileExport.file_size === null ? 'no file yet' : `${fmt(fileExport.file_size)} bytes`;
  return `This conversation is about file export #${fileExport.id} (${fileExport.export_type}, ${fileExport.status.replace(/_/g, ' ').toLowerCase()}, ${size}).`;
}

/** The assistant's deterministic answer to one message. */
export async function answerMessage(db: Db, principal: Principal, message: string, fileExport: FileExport | null): Promise<string> {
  const lines: string[] = [];
  if (fileExport && /\b(export|file)s?\b/i.test(message)) lines.push(exportLine(fileExport));
  for (const topic of TOPICS.filter((t) => t.pattern.test(message))) {
    lines.push(hasPermission(principal, topic.permission) ? await topic.answer(db, principal) : `You do not have permission to view ${topic.name}.`);
  }
  return lines.length ? lines.join('\n') : HELP;
}
