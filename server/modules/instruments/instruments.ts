import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import type { FastifyRequest } from 'fastify';
import { loadInstruments, requireInstrument } from './load.js';
import { loadTransactions } from '../transactions/index.js';
import { loadViewer } from '../../domain/censorship/viewer.js';
import { defineHandlers } from '../types.js';

/**
 * Instrument status changes (lock, unlock, deactivate) and the instrument page's transactions.
 * Statuses are stored upper-case (ACTIVE, LOCKED, DEACTIVATED) and answered lower-case.
 */

type Stored = 'ACTIVE' | 'LOCKED' | 'DEACTIVATED';

interface Move {
  action: string;
  to: Stored;
  /** the statuses the move starts from; any other answers 409 with the message for it */
  from: readonly Stored[];
  refusal: Record<string, string>;
}

const MOVES = {
  lock: {
    action: 'instrument.lock',
    to: 'LOCKED',
    from: ['ACTIVE'],
    refusal: { LOCKED: 'The instrument is already locked.', DEACTIVATED: 'A deactivated instrument cannot be locked.' },
  },
  unlock: {
    action: 'instrument.unlock',
    to: 'ACTIVE',
    from: ['LOCKED'],
    refusal: { ACTIVE: 'The instrument is not locked.', DEACTIVATED: 'A deactivated instrument cannot be unlocked.' },
  },
  deactivate: {
    action: 'instrument.deactivate',
    to: 'DEACTIVATED',
    from: ['ACTIVE', 'LOCKED'],
    refusal: { DEACTIVATED: 'The instrument is already deactivated.' },
  },
} satisfies Record<string, Move>;

async function moveInstrument(db: Db, req: FastifyRequest, principal: Principal, id: number, move: Move) {
  const current = await firstRow<{ status: string }>(db, sql`select status from instruments where org_id = ${principal.orgId} and id = ${id}`);
  if (!current) throw notFound('Instrument');
  const before = current.status.toUpperCase();
  // The update repeats the starting statuses so that two requests at once cannot both move it.
  const moved = move.from.includes(before as Stored)
    ? await rows<{ id: number }>(
        db,
        sql`update instruments set status = ${move.to} where org_id = ${principal.orgId} and id = ${id}
          and upper(status) = any(${sql.param([...move.from])}::text[]) returning id`,
      )
    : [];
  if (!moved.length) throw conflict(move.refusal[before] ?? `The instrument cannot move from ${before.toLowerCase()}.`);
  await audit(db, req, {
    orgId: principal.orgId,
    agentId: principal.agentId,
    action: move.action,
    objectType: 'INSTRUMENT',
    objectId: id,
    before: { status: before.toLowerCase() },
    after: { status: move.to.toLowerCase() },
  });
  const [instrument] = await loadInstruments(db, await loadViewer(db, principal), [id]);
  return instrument;
}

export const instrumentsHandlers = defineHandlers({
  async getInstrument({ db, principal, params }) {
    const [instrument] = await loadInstruments(db, await loadViewer(db, principal), [params.id]);
    if (!instrument) throw notFound('Instrument');
    return instrument;
  },

  async lockInstrument({ db, req, principal, params }) {
    return moveInstrument(db, req, principal, params.id, MOVES.lock);
  },

  async unlockInstrument({ db, req, principal, params }) {
    return moveInstrument(db, req, principal, params.id, MOVES.unlock);
  },

  async deactivateInstrument({ db, req, principal, params }) {
    return moveInstrument(db, req, principal, params.id, MOVES.deactivate);
  },

  async listInstrumentTransactions({ db, principal, params, body }) {
    await requireInstrument(db, principal.orgId, params.id);
    const limit = body?.limit ?? 100;
    const offset = body?.offset ?? 0;
    const where = sql`t.org_id = ${principal.orgId} and (t.sender_instrument_id = ${params.id} or t.receiver_instrument_id = ${params.id})`;
    const [counted, page] = await Promise.all([
      firstRow<{ count: number }>(db, sql`select count(*)::int as count from transactions t where ${where}`),
      rows<{ id: number }>(db, sql`select t.id from transactions t where ${where} order by t.event_time desc, t.id desc limit ${limit} offset ${offset}`),
    ]);
    const txnEvents = await loadTransactions(
      db,
      await loadViewer(db, principal),
      page.map((r) => r.id),
    );
    return { count: counted?.count ?? 0, txn_events: txnEvents };
  },
});
