import { actionEventsHandlers } from './action-events.js';
import { aiAdminHandlers } from './ai-admin.js';
import { aiChatHandlers } from './ai-chat.js';
import { alertsHandlers } from './alerts.js';
import { alertWorkflowHandlers } from './alerts.workflow.js';
import { attachmentsHandlers } from './attachments.js';
import { auditLogHandlers } from './audit-log.js';
import { casesHandlers } from './cases.js';
import { censorshipHandlers } from './censorship-reveal.js';
import { coldStorageHandlers } from './cold-storage.js';
import { caseWorkflowHandlers } from './cases.workflow.js';
import { dataHandlers } from './data.js';
import { devToolsHandlers } from './dev-tools.js';
import { entitiesHandlers } from './entities.js';
import { entityDetailHandlers } from './entity-detail.js';
import { filingsHandlers } from './filings.js';
import { flatFilesHandlers } from './flat-files.js';
import { instrumentsHandlers } from './instruments.js';
import { notificationsHandlers } from './notifications.js';
import { orgSettingsHandlers } from './org-settings.js';
import { orgsHandlers } from './orgs.js';
import { peopleHandlers } from './people.js';
import { permissionsHandlers } from './permissions.js';
import { queuesHandlers } from './queues.js';
import { riskHandlers } from './risk.js';
import { riskModelHandlers } from './risk-models.js';
import { searchHandlers } from './search.js';
import { teamsHandlers } from './teams.js';
import { sessionHandlers } from './session.js';
import { transactionsHandlers } from './transactions.js';
import type { HandlerMap } from './types.js';

/** Every operation's handler, by operationId. An operation without one answers 501. */
export const handlers: HandlerMap = {
  ...sessionHandlers,
  ...orgsHandlers,
  ...orgSettingsHandlers,
  ...auditLogHandlers,
  ...notificationsHandlers,
  ...permissionsHandlers,
  ...peopleHandlers,
  ...teamsHandlers,
  ...aiAdminHandlers,
  ...aiChatHandlers,
  ...dataHandlers,
  // after dataHandlers: flat-files.ts answers listDatafiles with each file's object type, time zone and size
  ...flatFilesHandlers,
  ...entitiesHandlers,
  ...attachmentsHandlers,
  ...entityDetailHandlers,
  ...instrumentsHandlers,
  ...transactionsHandlers,
  ...actionEventsHandlers,
  ...riskHandlers,
  ...riskModelHandlers,
  ...searchHandlers,
  ...alertsHandlers,
  ...alertWorkflowHandlers,
  ...casesHandlers,
  ...caseWorkflowHandlers,
  ...queuesHandlers,
  ...filingsHandlers,
  ...coldStorageHandlers,
  ...censorshipHandlers,
  ...devToolsHandlers,
};
