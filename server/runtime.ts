/**
 * How the server's Node process is started: `npm start` (package.json), the e2e server
 * (playwright.config.ts) and the bench's servers use these flags; a test keeps package.json in step.
 *
 * The JavaScript heap is capped. The server's live data stays in the tens of megabytes, but V8 sizes
 * its heap from the machine's memory and, in allocation-heavy work such as a million-row ingestion,
 * lets garbage pile up to several hundred megabytes before collecting (measured: 440 MB of heap, 50
 * of it live). With the cap it collects sooner, at no measurable cost to ingestion speed.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-old-space-size=384'];

/**
 * On PGlite the young generation is kept small too (4 MB semi-spaces rather than V8's 16 MB): the
 * database lives in the server's process, and the larger young generation held the server above
 * 400 MB through a million-row export. On PostgreSQL it would cost throughput (measured: up to a
 * quarter of the requests per second at saturation) for memory the server has to spare, so it is
 * not given there (docs/decisions.md, "The server's young generation"). The XLSX writer's thread
 * keeps V8's default either way (xlsx-thread.ts).
 */
export const EMBEDDED_DATABASE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4'];

/** The flags for a server on `databaseUrl` (PostgreSQL), or on PGlite when there is none. */
export function serverNodeFlags(databaseUrl: string | undefined): string[] {
  return databaseUrl ? [...SERVER_NODE_FLAGS] : [...SERVER_NODE_FLAGS, ...EMBEDDED_DATABASE_NODE_FLAGS];
}

/** The server's command line as `npm start` runs it once the console is built (for the bench's reports). */
export const SERVER_COMMAND = `node ${SERVER_NODE_FLAGS.join(' ')} [${EMBEDDED_DATABASE_NODE_FLAGS.join(' ')} on PGlite] --import tsx server/index.ts`;
