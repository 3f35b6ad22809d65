import { actionEventsHandlers } from './action-events/index.js';
import { aiHandlers } from './ai/index.js';
import { alertsHandlers } from './alerts/index.js';
import { auditHandlers } from './audit/index.js';
import { casesHandlers } from './cases/index.js';
import { coldStorageHandlers } from './cold-storage/index.js';
import { columnLayoutHandlers } from './column-layouts/index.js';
import { commentsHandlers } from './comments/index.js';
import { dataSettingsHandlers } from './data-settings/index.js';
import { devToolsHandlers } from './dev-tools/index.js';
import { documentsHandlers } from './documents/index.js';
import { entitiesHandlers } from './entities/index.js';
import { exportsHandlers } from './exports/index.js';
import { filingsHandlers } from './filings/index.js';
import { ingestionHandlers } from './ingestion/index.js';
import { instrumentsHandlers } from './instruments/index.js';
import { notificationsHandlers } from './notifications/index.js';
import { orgsHandlers } from './orgs/index.js';
import { peopleHandlers } from './people/index.js';
import { permissionsHandlers } from './permissions/index.js';
import { queuesHandlers } from './queues/index.js';
import { reportingHandlers } from './reporting/index.js';
import { riskHandlers } from './risk/index.js';
import { rulesHandlers } from './rules/index.js';
import { searchHandlers } from './search/index.js';
import { sessionHandlers } from './session/index.js';
import { tagsHandlers } from './tags/index.js';
import { transactionsHandlers } from './transactions/index.js';
import type { HandlerMap } from './types.js';

/**
 * Every operation's handler, by operationId, gathered from the modules. app.ts binds every
 * operation of the contract (x-permissions checked before the handler runs); one no module
 * answers is bound to 501. Two modules answering the same operation is a mistake, refused at start.
 */
export const handlers: HandlerMap = gather({
  session: sessionHandlers,
  orgs: orgsHandlers,
  audit: auditHandlers,
  notifications: notificationsHandlers,
  permissions: permissionsHandlers,
  people: peopleHandlers,
  ai: aiHandlers,
  'data-settings': dataSettingsHandlers,
  'column-layouts': columnLayoutHandlers,
  ingestion: ingestionHandlers,
  entities: entitiesHandlers,
  documents: documentsHandlers,
  comments: commentsHandlers,
  tags: tagsHandlers,
  instruments: instrumentsHandlers,
  transactions: transactionsHandlers,
  'action-events': actionEventsHandlers,
  risk: riskHandlers,
  search: searchHandlers,
  alerts: alertsHandlers,
  cases: casesHandlers,
  rules: rulesHandlers,
  queues: queuesHandlers,
  filings: filingsHandlers,
  exports: exportsHandlers,
  'cold-storage': coldStorageHandlers,
  'dev-tools': devToolsHandlers,
  reporting: reportingHandlers,
});

function gather(modules: Record<string, HandlerMap>): HandlerMap {
  const all: Record<string, unknown> = {};
  const answeredBy = new Map<string, string>();
  for (const [module, map] of Object.entries(modules)) {
    for (const [operationId, handler] of Object.entries(map)) {
      const other = answeredBy.get(operationId);
      if (other) throw new Error(`${operationId} is answered by both the ${other} and the ${module} module`);
      answeredBy.set(operationId, module);
      all[operationId] = handler;
    }
  }
  return all;
}
