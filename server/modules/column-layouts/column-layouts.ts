import { sql } from 'drizzle-orm';
import { columnLayouts } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { checkLayout, deleteLayout, layoutFor, storedColumns, tableDef } from './column-layouts.queries.js';
import { defineHandlers } from '../types.js';

/** An agent's column layout of each of the console's tables: read, saved, reset to the default. */
export const columnLayoutHandlers = defineHandlers({
  async getColumnLayout({ db, principal, params }) {
    return layoutFor(db, principal, params.tableId);
  },

  async saveColumnLayout({ db, req, principal, params, body }) {
    const columns = await checkLayout(db, principal, params.tableId, body);
    const stored = storedColumns(columns);
    await db
      .insert(columnLayouts)
      .values({ org_id: principal.orgId, agent_id: principal.agentId, table_id: params.tableId, columns: stored })
      .onConflictDoUpdate({
        target: [columnLayouts.agent_id, columnLayouts.table_id],
        set: { org_id: principal.orgId, columns: stored, updated_at: sql`now()` },
      });
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'column_layout.saved',
      objectType: 'COLUMN_LAYOUT',
      details: { table_id: params.tableId, columns: columns.length },
    });
    // Answered as it will be read: the columns the layout did not name follow, hidden.
    return layoutFor(db, principal, params.tableId);
  },

  async resetColumnLayout({ db, req, principal, params }) {
    tableDef(params.tableId);
    if (await deleteLayout(db, principal, params.tableId)) {
      await audit(db, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'column_layout.reset',
        objectType: 'COLUMN_LAYOUT',
        details: { table_id: params.tableId },
      });
    }
    return layoutFor(db, principal, params.tableId);
  },
});
