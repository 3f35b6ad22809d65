/** Action events: the list, one event (also as a cached read), and an event's device signals. */
export { actionEventsHandlers } from './action-events.js';
export { loadActionEvents } from './load.js';
export { actionEventExtras, actionEventPage } from './list.queries.js';
