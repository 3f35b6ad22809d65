import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/client.js';
import { ApiError } from '../lib/errors.js';
import { firstRow } from '../db/sql.js';
import { hashToken, newOpaqueToken, signAccessToken, type ConnectionName } from './tokens.js';

export const REFRESH_COOKIE = 'vigil_refresh';
/** The cookie only travels to the calls that need it. */
const REFRESH_COOKIE_PATH = '/api/agents';

export interface SessionToken {
  jwt: string;
  jwt_expires_at: number;
  refresh_token_expires: number;
}

export interface SessionSubject {
  agentId: number;
  orgId: number;
  connection: ConnectionName;
  impersonationLogId?: number | null;
  actorId?: number | null;
}

async function issue(db: Db, config: ServerConfig, subject: SessionSubject, familyId: string): Promise<{ token: SessionToken; refresh: string }> {
  const refresh = newOpaqueToken();
  await db.execute(sql`insert into refresh_tokens (org_id, agent_id, family_id, token_hash, connection, expires_at, impersonation_log_id)
    values (${subject.orgId}, ${subject.agentId}, ${familyId}::uuid, ${hashToken(refresh)}, ${subject.connection},
      now() + make_interval(secs => ${config.refreshTtlSeconds}), ${subject.impersonationLogId ?? null})`);
  const access = await signAccessToken(
    config.jwtSecret,
    {
      sub: String(subject.agentId),
      org: subject.orgId,
      sid: familyId,
      con: subject.connection,
      ...(subject.impersonationLogId ? { imp: subject.impersonationLogId, act: subject.actorId ?? undefined } : {}),
    },
    config.jwtTtlSeconds,
  );
  return { token: { ...access, refresh_token_expires: config.refreshTtlSeconds }, refresh };
}

export function setRefreshCookie(reply: FastifyReply, config: ServerConfig, refresh: string) {
  reply.setCookie(REFRESH_COOKIE, refresh, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: REFRESH_COOKIE_PATH,
    maxAge: config.refreshTtlSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
}

/** Starts a new session (a new refresh-token family) and sets its cookie. */
export async function startSession(db: Db, config: ServerConfig, reply: FastifyReply, subject: SessionSubject): Promise<SessionToken> {
  const { token, refresh } = await issue(db, config, subject, randomUUID());
  setRefreshCookie(reply, config, refresh);
  return token;
}

export async function revokeFamily(db: Db, familyId: string) {
  await db.execute(sql`update refresh_tokens set revoked_at = now() where family_id = ${familyId}::uuid and revoked_at is null`);
}

interface RefreshRow {
  id: number;
  org_id: number;
  agent_id: number;
  family_id: string;
  connection: ConnectionName;
  impersonation_log_id: number | null;
}

/**
 * Rotates a refresh token: the presented token is spent and a new one of the same family issued.
 * Presenting a spent token again means it was copied, so the whole family is revoked and every
 * session descended from that sign-in ends.
 */
export async function rotateRefreshToken(db: Db, config: ServerConfig, reply: FastifyReply, presented: string | undefined): Promise<SessionToken> {
  const invalid = () => new ApiError('unauthorized', 'Your session has ended. Sign in again.');
  if (!presented) throw invalid();
  const hash = hashToken(presented);
  const spent = await firstRow<RefreshRow>(
    db,
    sql`update refresh_tokens set used_at = now()
      where token_hash = ${hash} and used_at is null and revoked_at is null and expires_at > now()
      returning id, org_id, agent_id, family_id::text as family_id, connection, impersonation_log_id`,
  );
  if (!spent) {
    const known = await firstRow<{ family_id: string; used_at: Date | null; revoked_at: Date | null }>(
      db,
      sql`select family_id::text as family_id, used_at, revoked_at from refresh_tokens where token_hash = ${hash}`,
    );
    if (known?.used_at && !known.revoked_at) await revokeFamily(db, known.family_id);
    clearRefreshCookie(reply);
    throw invalid();
  }
  const agent = await firstRow<{ status: string; actor_id: number | null; cancelled: boolean }>(
    db,
    sql`select a.status, l.agent_id as actor_id, (l.cancelled_at is not null) as cancelled
      from agents a left join impersonation_logs l on l.id = ${spent.impersonation_log_id}
      where a.id = ${spent.agent_id}`,
  );
  if (!agent || agent.status !== 'active' || agent.cancelled) {
    await revokeFamily(db, spent.family_id);
    clearRefreshCookie(reply);
    throw invalid();
  }
  const { token, refresh } = await issue(
    db,
    config,
    {
      agentId: spent.agent_id,
      orgId: spent.org_id,
      connection: spent.connection,
      impersonationLogId: spent.impersonation_log_id,
      actorId: agent.actor_id,
    },
    spent.family_id,
  );
  setRefreshCookie(reply, config, refresh);
  return token;
}
