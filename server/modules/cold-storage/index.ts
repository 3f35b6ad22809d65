/** Cold storage: its settings and archiving records now (the cached reads live with their objects). */
export { coldStorageHandlers } from './cold-storage.js';
