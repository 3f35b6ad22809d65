/** Permissions: the catalogue, and the permissions an agent or team holds. */
export { permissionsHandlers } from './permissions.js';
