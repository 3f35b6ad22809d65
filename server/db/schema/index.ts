/** The whole database schema, one module per area. */
export * from './core.js';
export * from './auth.js';
export * from './data.js';
export * from './investigation.js';
export * from './documents.js';
export * from './filings.js';
export * from './risk.js';
export * from './ai.js';
export * from './system.js';
export * from './cold-storage.js';
export * from './ingestion.js';
export * from './people.js';
export * from './fintrac.js';
export * from './reporting.js';
