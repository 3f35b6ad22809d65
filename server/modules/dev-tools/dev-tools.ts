import { sql } from 'drizzle-orm';
import { audit } from '../../lib/audit.js';
import { agentsWithPermissions, passes, readFlags } from './dev-tools.queries.js';
import { assertReachableOrg } from '../orgs/index.js';
import { defineHandlers } from '../types.js';

/**
 * Internal developer tools (spec part 1 section 6). The contract requires the internal_staff agent
 * flag on each call; an impersonated session carries the impersonated agent's flag, so support staff
 * acting as a customer's agent do not keep these tools.
 */
export const devToolsHandlers = defineHandlers({
  async listFeatureFlags({ db, services, principal, query }) {
    await assertReachableOrg(db, principal, query.org_id);
    return (await readFlags(db, services.contract, query.org_id)) as never;
  },

  async setFeatureFlag({ db, req, services, principal, body }) {
    await assertReachableOrg(db, principal, body.org_id);
    await db.transaction(async (tx) => {
      const before = await readFlags(tx, services.contract, body.org_id);
      const was = before.flags.find((f) => f.name === body.name)?.enabled ?? false;
      await tx.execute(sql`insert into feature_flags (org_id, name, enabled) values (${body.org_id}, ${body.name}, ${body.enabled})
        on conflict (org_id, name) do update set enabled = excluded.enabled`);
      if (was === body.enabled) return;
      // The entry goes to the organisation whose flag changed, so its own audit log shows it.
      await audit(tx, req, {
        orgId: body.org_id,
        agentId: principal.agentId,
        action: 'feature_flag.updated',
        objectType: 'FEATURE_FLAG',
        before: { [body.name]: was },
        after: { [body.name]: body.enabled },
        details: { flag: body.name },
      });
    });
    return (await readFlags(db, services.contract, body.org_id)) as never;
  },

  async auditPermissions({ db, services, principal, query }) {
    await assertReachableOrg(db, principal, query.org_id);
    const [agents, flags] = await Promise.all([agentsWithPermissions(db, query.org_id), readFlags(db, services.contract, query.org_id)]);
    const active = agents.filter((a) => a.status === 'active');
    const operations = [...services.contract.operations]
      .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
      .map((op) => {
        const summary = (services.contract.document.paths as Record<string, Record<string, { summary?: string }>>)[op.path]?.[op.method]?.summary ?? '';
        return {
          operation_id: op.operationId,
          method: op.method.toUpperCase(),
          path: op.path,
          summary,
          mode: op.permissions === 'public' ? 'public' : 'allOf' in op.permissions ? 'allOf' : 'anyOf',
          permissions: op.permissions === 'public' ? [] : 'allOf' in op.permissions ? op.permissions.allOf : op.permissions.anyOf,
          agent_flags: op.agentFlags,
          feature_flags: op.featureFlags,
          holder_ids: active.filter((a) => passes(op, a)).map((a) => a.id),
        };
      });
    return {
      org_id: query.org_id,
      enabled_flags: flags.flags.filter((f) => f.enabled).map((f) => f.name),
      agents,
      operations,
    } as never;
  },
});
