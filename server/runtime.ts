/**
 * How the server's Node process is started: `npm start` (package.json), the e2e server
 * (playwright.config.ts) and the bench's servers use these flags; a test keeps package.json in step.
 *
 * The JavaScript heap is capped. The server's live data stays in the tens of megabytes, but V8 sizes
 * its heap from the machine's memory and, in allocation-heavy work such as a million-row ingestion,
 * lets garbage pile up to several hundred megabytes before collecting (measured: 440 MB of heap, 50
 * of it live). With the cap it collects sooner, at no measurable cost to ingestion speed.
 *
 * The young generation is kept small too (4 MB semi-spaces rather than V8's 16 MB): a request's
 * objects die young either way, and on PGlite, whose database lives in this process, the larger
 * young generation held the server above 400 MB during a million-row export (docs/decisions.md,
 * "The server's young generation"). The XLSX writer's thread keeps V8's default (xlsx-thread.ts).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-old-space-size=384', '--max-semi-space-size=4'];

/** The server's command line as `npm start` runs it once the console is built (for the bench's reports). */
export const SERVER_COMMAND = `node ${SERVER_NODE_FLAGS.join(' ')} --import tsx server/index.ts`;
