/** Internal developer tools: feature flags per organisation and the permission auditor. */
export { devToolsHandlers } from './dev-tools.js';
