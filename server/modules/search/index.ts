/** Global search over every kind of object, as the palette and the search page ask. */
export { searchHandlers } from './search.js';
