import type { components } from '../../../openapi/schema.js';
import { KINDS, runSearch, type SearchObjectType } from './search.queries.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { defineHandlers } from '../types.js';

/** Global search: every operation is the one implementation in search.queries.ts, for one object kind. */

type S = components['schemas'];
const DEFAULT_LIMIT = 20;
/** What the search handlers read of their context (every search operation's context has it). */
interface SearchContext {
  db: Db;
  principal: Principal;
  body: unknown;
}

/** v1: one phrase, matched against the kind's default fields, or only the field named by `type`. */
function v1(type: SearchObjectType) {
  return async ({ db, principal, body }: SearchContext) => {
    const request = body as S['SearchRequest'];
    const value = request.phrase.trim().length >= 2 ? request.phrase.trim() : request.phrase;
    const fields = request.type ? [request.type] : KINDS[type].defaults;
    return runSearch(db, principal, type, [{ fields, operator: 'fuzzy', value }], { limit: DEFAULT_LIMIT, externalIds: request.external_ids });
  };
}

/** v2: every condition must match. */
function v2(type: SearchObjectType) {
  return async ({ db, principal, body }: SearchContext) => {
    const request = body as S['SearchV2Request'];
    const conditions = request.search_conditions.map((c) => ({ fields: [c.field], operator: c.operator, value: c.value }));
    return runSearch(db, principal, type, conditions, { limit: request.limit ?? DEFAULT_LIMIT });
  };
}

export const searchHandlers = defineHandlers({
  searchActions: v1('ACTION_EVENT'),
  searchAlerts: v1('ALERT'),
  searchCases: v1('CASE'),
  searchEntities: v1('ENTITY'),
  searchInstruments: v1('INSTRUMENT'),
  searchRules: v1('RULE'),
  searchTeams: v1('TEAM'),
  searchEvents: v1('TRANSACTION'),
  searchActionsV2: v2('ACTION_EVENT'),
  searchAlertsV2: v2('ALERT'),
  searchCasesV2: v2('CASE'),
  searchEntitiesV2: v2('ENTITY'),
  searchInstrumentsV2: v2('INSTRUMENT'),
  searchRulesV2: v2('RULE'),
  searchTeamsV2: v2('TEAM'),
  searchEventsV2: v2('TRANSACTION'),
  searchNotesV2: v2('NOTE'),
});
