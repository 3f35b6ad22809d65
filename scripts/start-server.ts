// `npm start`'s server: Node with the server's flags for its database (server/runtime.ts), PGlite's
// when DATABASE_URL is unset. The server's exit is this one's.
import { spawn } from 'node:child_process';
import { serverNodeFlags } from '../server/runtime.js';

const server = spawn(process.execPath, [...serverNodeFlags(process.env.DATABASE_URL || undefined), '--import', 'tsx', 'server/index.ts'], {
  stdio: 'inherit',
});
// Ctrl-C reaches the server from the terminal itself (one process group): this one waits for it to
// close its database; a SIGTERM or SIGHUP sent to this process alone is passed on
process.on('SIGINT', () => undefined);
for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
