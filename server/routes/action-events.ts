import { actionEventExtras, actionEventPage } from './action-events.queries.js';
import { loadActionEvents } from './transactions.mappers.js';
import { loadViewer } from '../domain/censorship/viewer.js';
import { defineHandlers } from '../modules/types.js';

/** The data explorer's action event list over the whole organisation. */
export const actionEventsHandlers = defineHandlers({
  async listActionEvents({ db, principal, body }) {
    const { count, ids } = await actionEventPage(db, principal, body);
    const [events, extras] = await Promise.all([loadActionEvents(db, await loadViewer(db, principal), ids), actionEventExtras(db, principal.orgId, ids)]);
    return {
      count,
      action_events: events.map((e) => ({ ...e, ...(extras.get(e.id) ?? { entity: null, instrument: null, ip_address: null, device_fingerprint: null }) })),
    };
  },
});
