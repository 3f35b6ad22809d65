import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import {
  FILE_EXPORT_COLUMNS,
  SESSION_COLUMNS,
  toFileExport,
  toMessage,
  toSessionSummary,
  type FileExportRow,
  type MessageRow,
  type SessionRow,
} from './chat.mappers.js';
import { answerMessage } from './chat.queries.js';
import { defineHandlers } from '../types.js';

/** Sessions belong to the agent who created them: another agent's session does not exist. */
const ownSessions = (principal: Principal) =>
  sql`from chat_sessions s left join file_exports fe on fe.org_id = s.org_id and fe.id = s.file_export_id
    where s.org_id = ${principal.orgId} and s.agent_id = ${principal.agentId}`;

async function loadSession(db: Db, principal: Principal, id: number) {
  const session = await firstRow<SessionRow>(db, sql`select ${SESSION_COLUMNS} ${ownSessions(principal)} and s.id = ${id}`);
  if (!session) throw notFound('Chat session');
  const messages = await rows<MessageRow>(
    db,
    sql`select id, role, message, image_link, created_at from chat_messages
      where org_id = ${principal.orgId} and session_id = ${id} order by created_at, id`,
  );
  return { ...toSessionSummary(session), message_history: messages.map(toMessage) };
}

export const aiChatHandlers = defineHandlers({
  async listChatSessions({ db, principal }) {
    const sessions = await rows<SessionRow>(db, sql`select ${SESSION_COLUMNS} ${ownSessions(principal)} order by s.updated_at desc, s.id desc`);
    return { sessions: sessions.map(toSessionSummary) };
  },

  async getChatSession({ db, principal, params }) {
    return loadSession(db, principal, params.id);
  },

  async createChatSession({ db, req, principal, body }) {
    const fileExportId = body.file_export_id ?? null;
    if (fileExportId !== null) {
      const fileExport = await firstRow<{ status: string }>(
        db,
        sql`select status from file_exports where id = ${fileExportId} and org_id = ${principal.orgId} and created_by_id = ${principal.agentId}`,
      );
      if (!fileExport) throw notFound('File export');
      if (fileExport.status !== 'READY_FOR_DOWNLOAD') throw conflict('Only a file export that is ready for download can start a chat.');
    }
    const created = await firstRow<{ id: number }>(
      db,
      sql`insert into chat_sessions (org_id, agent_id, file_export_id) values (${principal.orgId}, ${principal.agentId}, ${fileExportId}) returning id`,
    );
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'chat_session.created',
      objectType: 'CHAT_SESSION',
      objectId: created!.id,
      details: { file_export_id: fileExportId },
    });
    return { session_id: created!.id };
  },

  async sendChatMessage({ db, req, principal, params, body }) {
    const message = body.message.trim();
    if (!message) throw badRequest('The message is empty.', [{ path: 'body/message', message: 'is blank' }]);
    // Claims the session atomically: a second message while one is being answered answers 409.
    const claimed = await firstRow<{ id: number }>(
      db,
      sql`update chat_sessions set is_waiting = true, updated_at = now()
        where id = ${params.id} and org_id = ${principal.orgId} and agent_id = ${principal.agentId} and not is_waiting
        returning id`,
    );
    if (!claimed) {
      await loadSession(db, principal, params.id); // 404 when it is not the caller's
      throw conflict('The assistant is still answering the previous message.');
    }
    try {
      await db.execute(sql`insert into chat_messages (org_id, session_id, role, message) values (${principal.orgId}, ${params.id}, 'user', ${message})`);
      await db.execute(sql`update chat_sessions set title = coalesce(title, ${message.slice(0, 80)}) where id = ${params.id} and org_id = ${principal.orgId}`);
      const fileExport = await firstRow<FileExportRow>(
        db,
        sql`select ${FILE_EXPORT_COLUMNS} from chat_sessions s join file_exports fe on fe.org_id = s.org_id and fe.id = s.file_export_id
          where s.id = ${params.id} and s.org_id = ${principal.orgId}`,
      );
      const answer = await answerMessage(db, principal, message, fileExport ? toFileExport(fileExport) : null);
      // the answer is stored a moment after the question so that the history keeps their order
      await db.execute(sql`insert into chat_messages (org_id, session_id, role, message, created_at)
        values (${principal.orgId}, ${params.id}, 'assistant', ${answer}, clock_timestamp())`);
      await audit(db, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'chat_message.sent',
        objectType: 'CHAT_SESSION',
        objectId: params.id,
      });
    } finally {
      await db.execute(
        sql`update chat_sessions set is_waiting = false, updated_at = clock_timestamp() where id = ${params.id} and org_id = ${principal.orgId}`,
      );
    }
    return loadSession(db, principal, params.id);
  },

  async listChatFileExports({ db, principal }) {
    const exports = await rows<FileExportRow>(
      db,
      sql`select ${FILE_EXPORT_COLUMNS} from file_exports fe
        where fe.org_id = ${principal.orgId} and fe.created_by_id = ${principal.agentId}
        order by fe.created_at desc, fe.id desc`,
    );
    return { file_exports: exports.map(toFileExport) };
  },
});
