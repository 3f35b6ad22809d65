import { impersonationHandlers } from './impersonation.js';
import { reachableOrgsHandlers } from './reachable.js';
import { orgSettingsHandlers } from './settings.js';

/** Organisations: the ones an agent can reach, switching, impersonation, and the organisation's settings. */
export const orgsHandlers = { ...reachableOrgsHandlers, ...impersonationHandlers, ...orgSettingsHandlers };

export { assertReachableOrg } from './orgs.queries.js';
export { readOrgSettings } from './settings.js';
