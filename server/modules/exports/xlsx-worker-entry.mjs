// The XLSX writer thread's entry: loads its TypeScript source (xlsx-worker.ts) through tsx, as the
// server's own entry is loaded; a worker thread does not take the loader its process started with.
import { tsImport } from 'tsx/esm/api';

await tsImport('./xlsx-worker.ts', import.meta.url);
