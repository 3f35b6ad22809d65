/** Column layouts: an agent's choice and order of columns in each of the console's tables. */
export { columnLayoutHandlers } from './column-layouts.js';
