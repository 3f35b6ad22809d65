import { notFound } from '../../lib/errors.js';
import { cachedLoaders } from '../../domain/cold-storage/cached.js';
import { loadViewer } from '../../domain/censorship/viewer.js';
import { deviceSignals } from './device-signals.js';
import { actionEventExtras, actionEventPage } from './list.queries.js';
import type { DataLoader } from '../../domain/cold-storage/read.js';
import { loadActionEvents } from './load.js';
import { defineHandlers, type HandlerContext } from '../types.js';

async function oneActionEvent(ctx: HandlerContext<'getActionEvent'> | HandlerContext<'getCachedActionEvent'>, id: number, loader: DataLoader) {
  const [event] = await loadActionEvents(ctx.db, await loadViewer(ctx.db, ctx.principal), [id], loader);
  if (!event) throw notFound('Action event');
  return event;
}

/** Action events: the data explorer's list over the whole organisation, one event, its device signals. */
export const actionEventsHandlers = defineHandlers({
  async getCachedActionEvent(ctx) {
    const loader = await cachedLoaders(ctx.db, ctx.principal.orgId, 'ACTION_EVENT', [ctx.params.id]);
    return oneActionEvent(ctx, ctx.params.id, loader(ctx.params.id));
  },

  async getActionEvent(ctx) {
    return oneActionEvent(ctx, ctx.body.action_event_id, null);
  },

  async getDeviceSignals({ db, principal, params }) {
    return deviceSignals(db, principal, params.id);
  },

  async listActionEvents({ db, principal, body }) {
    const { count, ids } = await actionEventPage(db, principal, body);
    const [events, extras] = await Promise.all([loadActionEvents(db, await loadViewer(db, principal), ids), actionEventExtras(db, principal.orgId, ids)]);
    return {
      count,
      action_events: events.map((e) => ({ ...e, ...(extras.get(e.id) ?? { entity: null, instrument: null, ip_address: null, device_fingerprint: null }) })),
    };
  },
});
