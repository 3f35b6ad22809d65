import { entityHandlers } from './entities.js';
import { entityPageHandlers } from './entity-page.js';

/** Entities: one entity (also as a cached read) and its page's tabs: instruments, documents, links, counterparties, locations. */
export const entitiesHandlers = { ...entityHandlers, ...entityPageHandlers };

export { loadEntities } from './load.js';
export { entityIdByExternalId } from './entities.queries.js';
