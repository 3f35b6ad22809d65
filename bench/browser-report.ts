// The browser sections of docs/benchmarks.md, one per budget.
import { AREA_BUDGET_BYTES, type AreaSize } from './areas.js';
import { LOGIN_JS_BUDGET_BYTES, NAVIGATION_BUDGET_MS, PALETTE_BUDGET_MS, type BrowserResults, type LoginJs, type Timing } from './browser.js';
import { DETAIL_BUDGET_MS } from './navigate.js';
import { formatKb } from './size.js';

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Joins sentences into one paragraph wrapped at 100 columns, so the generated Markdown reads well as text. */
export function paragraph(...sentences: string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const word of sentences.join(' ').split(/\s+/)) {
    if (line && line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line].join('\n');
}

const GZIP = 'Each body is gzipped with `node:zlib` `gzipSync` at its default level (6); 1 KB = 1,000 bytes, as vite prints.';
const SETUP = (browser: string) => `In ${browser}, against the production build served by the real server with the demo data:`;
const SIGNED_IN = 'signed in as analyst@demo.test on `/alerts`,';
const CLOCK = (key: string) =>
  `Measured from the ${key} \`keydown\` event's \`timeStamp\` (the \`performance.now\` clock, read by a capture-phase listener the bench installs before the console's scripts)`;
const PAINTED =
  'and a frame has been painted after it (the usual approximation: a `MessageChannel` message posted from the next `requestAnimationFrame` callback, handled once that frame is produced).';

function loginSection(login: LoginJs, browser: string): string {
  const files = login.files.map((f) => `| \`${f.path}\` | ${formatKb(f.rawBytes)} | ${formatKb(f.gzipBytes)} |`);
  return `## JavaScript before the login page is usable

${paragraph(
  SETUP(browser),
  'a fresh browser context (empty cache) opens `/agent-login`, and every JavaScript response (resource type `script`, which includes `modulepreload`, or a `.js` path) received until the form is usable is counted:',
  'the “Your work email” box visible, enabled and focused, and “Send me a magic link” enabled.',
  GZIP,
)}

| what | measured | budget | |
|---|---|---|---|
| JavaScript before \`/agent-login\` is usable (${login.files.length} files, gzip) | ${formatKb(login.totalGzipBytes)} | ${formatKb(LOGIN_JS_BUDGET_BYTES)} | ${verdict(login.met)} |

| file | size | gzip |
|---|---|---|
${files.join('\n')}
`;
}

function areaRow(a: AreaSize): string {
  if (!a.chunk) return `| ${a.area} | no chunk of its own | | | | | ${formatKb(AREA_BUDGET_BYTES)} | MISSED |`;
  const others = a.sharedChunks.map((c) => `\`${c.file}\` ${formatKb(c.gzipBytes)}`).join(', ') || 'none';
  const later = a.largestLater ? `\`${a.largestLater.file}\` ${formatKb(a.largestLater.addedGzipBytes)}` : 'none';
  return `| ${a.area} | \`${a.chunk.file}\` | ${formatKb(a.chunk.gzipBytes)} | ${others} | ${formatKb(a.addedGzipBytes)} | ${later} | ${formatKb(AREA_BUDGET_BYTES)} | ${verdict(a.met)} |`;
}

function areasSection(areas: AreaSize[]): string {
  return `## Area chunks

${paragraph(
  'Each folder `src/areas/<area>` is loaded lazily by `src/app/routes.tsx`.',
  "Read from vite's build manifest (`dist/.vite/manifest.json`): the JavaScript that opening an area adds beyond the shell,",
  'that is the chunk of `src/areas/<area>/index.tsx` plus the chunks it imports statically that the shell does not already load',
  '(“other chunks”, possibly shared with other areas). The shell is the entry chunk and its static imports and, for every area',
  'without a public route, the signed-in shell (`src/app/layout/Shell.tsx`) and its static imports, which the console loads before',
  'it renders such an area. The pages and dialogs an area imports dynamically (its detail pages, the Choose Columns modal) are',
  "sized the same way against the shell and the area's own code; the largest is the “largest later” column.",
  'The budget applies to the total and to the largest later load alike. CSS is not counted.',
  GZIP,
)}

| area | chunk | chunk gzip | other chunks (gzip) | total gzip | largest later (gzip) | budget | |
|---|---|---|---|---|---|---|---|
${areas.map(areaRow).join('\n')}
`;
}

function timingTable(t: Timing, budgetMs: number, coldNote: string): string {
  const n = t.warmMs.length;
  return `| what | measured | budget | |
|---|---|---|---|
| median of ${n} warm runs | ${ms(t.medianMs)} | ${budgetMs} ms | ${verdict(t.medianMs <= budgetMs)} |
| p95 of ${n} warm runs (nearest rank) | ${ms(t.p95Ms)} | | |
| cold: first run, ${coldNote} | ${ms(t.coldMs)} | ${budgetMs} ms | ${verdict(t.coldMs <= budgetMs)} |`;
}

function paletteSection(t: Timing, browser: string): string {
  return `## Command palette: open to first result painted

${paragraph(
  SETUP(browser),
  SIGNED_IN,
  `Control+K opens the palette ${t.warmMs.length + 1} times; Escape closes it, and each run waits for the dialog to unmount and 200 ms more.`,
  CLOCK('Control+K'),
  'until the first `[cmdk-item]` element is in the DOM',
  PAINTED,
  'The budget applies to the median of the warm runs and to the first (cold) run alike.',
)}

${timingTable(t, PALETTE_BUDGET_MS, '200 ms after the shell appeared: the palette mounts for the first time (its code is fetched when the shell appears)')}
`;
}

function navigationSection(t: Timing, browser: string): string {
  return `## Navigation from the palette to a list painted

${paragraph(
  'The notifications list is the one measured here (the alert and case list calls are measured on the large data below).',
  SETUP(browser),
  SIGNED_IN,
  'Control+K opens the palette, “Notifications” is typed, which selects the Notifications route (a typed route name ranks above “Search for …”; checked before going on), and Enter opens it;',
  `\`history.back()\` returns to \`/alerts\` between the ${t.warmMs.length + 1} runs.`,
  CLOCK('Enter'),
  'until `/notifications` shows a data row of its table (`main table tbody tr td` under the heading “Notifications”)',
  PAINTED,
  'The budget applies to the median of the warm runs, which show the list from the query cache the first run filled, and to the first (cold) run, which fetches it.',
)}

${timingTable(t, NAVIGATION_BUDGET_MS, "which fetches the list (the area's code is fetched while its route is highlighted in the palette)")}
`;
}

function rulesSection(list: Timing, rulePage: Timing, browser: string): string {
  return `## Rules: the list from the palette, and a rule's page

${paragraph(
  'The rules area against the budgets the lists and pages above are held to (issue 21, acceptance 9).',
  SETUP(browser),
  SIGNED_IN,
  'the list: Control+K opens the palette, “Rules” is typed, which selects the Rules route, and Enter opens it;',
  `\`history.back()\` returns to \`/alerts\` between the ${list.warmMs.length + 1} runs.`,
  CLOCK('Enter'),
  'until `/rules` shows a data row of its table under the heading “Rules”',
  PAINTED,
  `A rule's page: from \`/alerts\` the console navigates to \`/rules/{id}/definition\` (pushState, as a rule's link does), each of Demo Bank's ${rulePage.warmMs.length + 1} rules once, and the clock runs until the rule's title is the page's heading and its status (“Active”, “Shadow” …) is shown, both visible, and a frame is painted; the alert detail's budget.`,
)}

**The rules list from the palette** (the navigation budget)

${timingTable(list, NAVIGATION_BUDGET_MS, "which fetches the list (the area's code is fetched while its route is highlighted in the palette)")}

**A rule's page after navigation** (the detail budget)

${timingTable(rulePage, DETAIL_BUDGET_MS, "the first rule, whose page's code is fetched then")}
`;
}

/** The browser sections, and whether any of their budgets is missed. */
export function browserSections(r: BrowserResults): { markdown: string; missed: boolean } {
  const markdown = [
    loginSection(r.loginJs, r.browser),
    areasSection(r.areas),
    paletteSection(r.palette, r.browser),
    navigationSection(r.navigation, r.browser),
    rulesSection(r.rulesList, r.rulePage, r.browser),
  ].join('\n');
  const missed = !r.loginJs.met || r.areas.some((a) => !a.met) || !r.palette.met || !r.navigation.met || !r.rulesList.met || !r.rulePage.met;
  return { markdown, missed };
}
