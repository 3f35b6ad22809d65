/** Reporting: the dashboards' aggregations per section and the dashboard config. */
export { reportingHandlers } from './reporting.js';
