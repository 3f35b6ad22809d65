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
