import { agentsHandlers } from './agents.js';
import { teamsHandlers } from './teams.js';

/** People: the organisation's agents (invite, deactivate, reactivate, notification settings) and teams. */
export const peopleHandlers = { ...agentsHandlers, ...teamsHandlers };
