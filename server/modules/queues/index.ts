/** Queues: listing, creating and editing them (members, access, deadline), and the agents to pick from. */
export { queuesHandlers } from './queues.js';
