// The load section of docs/benchmarks.md: simulated agents, saturation, the floor, where the time goes.
import { SERVER_COMMAND } from '../server/runtime.js';
import { paragraph } from './browser-report.js';
import { LOAD_BUDGET, LOAD_SETTINGS, type Breakdown, type LoadEngineResult, type RunSummary } from './load.js';
import { LOAD_AGENTS, LOAD_MIX } from './load-mix.js';

const ms = (value: number | null) => (value === null || Number.isNaN(value) ? '–' : `${value.toFixed(value >= 100 ? 0 : 1)} ms`);
const perS = (value: number) => value.toFixed(0);
const pct = (value: number | null) => (value === null ? '–' : `${(value / 10).toFixed(0)} %`);
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

function errors(r: RunSummary): string {
  if (!r.errors) return '0';
  const kinds = Object.entries(r.errorKinds)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, n]) => `${n} × ${k}`)
    .join('; ');
  return `${r.errors} (${kinds})`;
}

function cpuCells(r: RunSummary): string {
  return `${pct(r.cpu.server)} | ${pct(r.cpu.database)} | ${pct(r.cpu.generator)} | ${pct(r.cpu.other)}`;
}

function mixTable(): string {
  const total = LOAD_MIX.reduce((n, a) => n + a.weight, 0);
  const perAction = LOAD_MIX.reduce((n, a) => n + (a.weight / total) * a.requests.length, 0);
  const rows = LOAD_MIX.map((a) => `| ${a.name} | ${Math.round((100 * a.weight) / total)} % | ${a.requests.map((r) => `\`${r}\``).join(', ')} |`);
  return `| action | share | requests |
|---|---|---|
${rows.join('\n')}

On average ${perAction.toFixed(2)} requests per action.`;
}

function budgetTable(results: LoadEngineResult[]): string {
  const rows = results.map((r) => {
    const b = r.budget;
    return `| ${r.engine} | ${b.agents} | ${b.requests.toLocaleString('en-US')} | ${perS(b.perSecond)} | ${ms(b.p50)} | ${ms(b.p95)} | ${ms(b.p99)} | ${ms(b.max)} | ${errors(b)} | p99 < ${LOAD_BUDGET.p99Ms} ms, no errors | ${verdict(r.met)} | ${cpuCells(b)} |`;
  });
  return `| engine | agents | requests | per second | p50 | p95 | p99 | max | errors | budget | | CPU: server | PostgreSQL | load generator | rest of the machine |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}

function opsTable(results: LoadEngineResult[]): string {
  const ops = [...new Set(results.flatMap((r) => r.budget.ops.map((o) => o.op)))];
  const rows = ops.map((op) => {
    const cells = results.map((r) => {
      const o = r.budget.ops.find((x) => x.op === op);
      return o ? `${o.count} | ${ms(o.p50)} / ${ms(o.p99)}` : '– | –';
    });
    return `| \`${op}\` | ${cells.join(' | ')} |`;
  });
  return `| request, in the budget runs | ${results.map((r) => `${r.engine}: requests | p50 / p99`).join(' | ')} |
|---|${results.map(() => '---|---|').join('')}
${rows.join('\n')}`;
}

function saturationTable(results: LoadEngineResult[]): string {
  const rows = results.flatMap((r) => {
    const best = r.saturation.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    return r.saturation.map(
      (s) =>
        `| ${r.engine} | ${s.agents}${s === best ? ' (best)' : ''} | ${perS(s.perSecond)} | ${s.actionsPerSecond.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p99)} | ${errors(s)} | ${cpuCells(s)} |`,
    );
  });
  return `| engine | agents, no think time | requests per second | actions per second | p50 | p99 | errors | CPU: server | PostgreSQL | load generator | rest of the machine |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}

function floorTable(results: LoadEngineResult[]): string {
  const rows = results.flatMap((r) => {
    const best = r.saturation.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    return [
      `| ${r.engine} | the mix (best saturation run) | ${best.agents} | ${perS(best.perSecond)} | ${ms(best.p50)} | ${ms(best.p99)} | ${cpuCells(best)} |`,
      ...r.floor.map((f) => `| ${r.engine} | ${f.label} | ${f.agents} | ${perS(f.perSecond)} | ${ms(f.p50)} | ${ms(f.p99)} | ${cpuCells(f)} |`),
    ];
  });
  return `| engine | requests | agents, no think time | per second | p50 | p99 | CPU: server | PostgreSQL | load generator | rest of the machine |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}

function breakdownRows(r: LoadEngineResult, b: Breakdown, label: string): string[] {
  const row = (what: string, x: Breakdown['mean']) =>
    `| ${r.engine} | ${label}: ${what} | ${ms(x.client)} | ${ms(x.outside)} | ${ms(x.server)} | ${ms(x.node)} | ${ms(x.dbWall)} | ${ms(x.dbWall - x.dbRun)} | ${ms(x.dbRun)} |`;
  return [
    row(`mean of ${b.matched.toLocaleString('en-US')} requests`, b.mean),
    row(`mean of the ${b.slowest.count} slowest (at or above p99, ${ms(b.run.p99)})`, b.slowest),
  ];
}

function breakdownTable(results: LoadEngineResult[]): string {
  const rows = results.flatMap((r) => [
    ...breakdownRows(r, r.breakdown, `budget load (${r.breakdown.run.agents} agents)`),
    ...breakdownRows(r, r.saturationBreakdown, `saturation (${r.saturationBreakdown.run.agents} agents, no think time)`),
  ]);
  return `| engine | run | client latency | outside the server's handling | in the server | of which Node | of which database | database: waiting for a connection | database: running |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}

function resourcesTable(results: LoadEngineResult[]): string {
  const rows = results.flatMap((r) =>
    (
      [
        [`budget load (${r.breakdown.run.agents} agents)`, r.breakdown],
        [`saturation (${r.saturationBreakdown.run.agents} agents)`, r.saturationBreakdown],
      ] as const
    ).map(
      ([label, b]) =>
        `| ${r.engine} | ${label} | ${perS(b.run.perSecond)} | ${ms(b.run.p99)} | ${ms(b.cpuPerRequest.server)} | ${ms(b.cpuPerRequest.dbRun)} | ${ms(b.cpuPerRequest.database)} | ${ms(b.cpuPerRequest.generator)} | ${ms(b.serverLoopDelay.p50)} / ${ms(b.serverLoopDelay.p99)} / ${ms(b.serverLoopDelay.max)} | ${pct(b.run.cpu.other)} |`,
    ),
  );
  return `| engine | instrumented run | requests per second | p99 | CPU per request: server process | time inside PGlite's engine (wall, same thread) | PostgreSQL | load generator | server event-loop delay p50 / p99 / max | rest of the machine (CPU) |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}

function opsBreakdownTable(results: LoadEngineResult[]): string {
  const rows = results.flatMap((r) =>
    r.saturationBreakdown.ops
      .slice()
      .sort((a, b) => b.server - a.server)
      .map(
        (o) =>
          `| ${r.engine} | \`${o.op}\` | ${o.count} | ${ms(o.client)} | ${ms(o.server)} | ${ms(o.server - o.dbWall)} | ${ms(o.dbWall)} | ${ms(o.dbRun)} | ${o.queries.toFixed(1)} |`,
      ),
  );
  return `| engine | request (instrumented saturation run) | requests | client latency | in the server | of which Node | of which database | database: running | queries |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}

/**
 * What the CPU per request of the best plain saturation run allows on this machine's cores with
 * nothing else running (arithmetic on measured numbers, not a measurement), against what the
 * budget's agents ask for.
 */
function capacity(r: LoadEngineResult): string {
  const best = r.saturation.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const per = (cpuPerSecond: number | null) => (cpuPerSecond ?? 0) / best.perSecond;
  const server = per(best.cpu.server);
  const total = server + per(best.cpu.database) + per(best.cpu.generator);
  // the server is one thread (with PGlite's engine in it); all three share the cores
  const bound = Math.min(1000 / server, (LOAD_SETTINGS.cores * 1000) / total);
  const weights = LOAD_MIX.reduce((n, a) => n + a.weight, 0);
  const perAction = LOAD_MIX.reduce((n, a) => n + (a.weight / weights) * a.requests.length, 0);
  const demand = (r.budget.agents * perAction) / (LOAD_BUDGET.thinkMs / 1000);
  return `In the best plain saturation run a request of the mix cost ${ms(server)} of the server's CPU and ${ms(total)} of CPU in all (server, ${r.engine === 'PGlite' ? '' : 'PostgreSQL, '}load generator): with nothing else running, this machine could serve at most about ${perS(bound)} requests per second of the mix (the server's one thread, and ${LOAD_SETTINGS.cores} cores for all), against about ${perS(demand)} per second that ${r.budget.agents} agents ask for with a one-second think time (arithmetic on the measured CPU, not a measurement).`;
}

/** The measured story, in words: where a request's time goes on each engine. */
function whereTheTimeGoes(results: LoadEngineResult[]): string {
  return results
    .map((r) => {
      const b = r.breakdown.mean;
      const s = r.saturationBreakdown;
      const c = s.cpuPerRequest;
      return paragraph(
        `**${r.engine}.** At the budget load a request took ${ms(b.client)} on average from the agent's side: ${ms(b.outside)} before the server began handling it or after it answered (queued in the socket, behind the event loop or in the load generator), ${ms(b.node)} in the server outside the database, ${ms(b.dbWall)} in the database, of which ${ms(b.dbWall - b.dbRun)} waiting for ${r.engine === 'PGlite' ? 'its one connection' : "one of the pool's connections"} and ${ms(b.dbRun)} ${r.engine === 'PGlite' ? 'inside its engine' : "with a query on a connection (the round trip and PostgreSQL's work)"}.`,
        `The slowest 1 % (${ms(r.breakdown.run.p99)} and more) spent ${ms(r.breakdown.slowest.outside)} outside the server's handling and ${ms(r.breakdown.slowest.node)} in Node, against ${ms(r.breakdown.slowest.dbWall)} in the database; the server's event loop was late by ${ms(r.breakdown.serverLoopDelay.p99)} at p99.`,
        r.engine === 'PGlite'
          ? `Saturated (${s.run.agents} agents without think time, ${perS(s.run.perSecond)} requests per second instrumented), each request cost the server process ${ms(c.server)} of CPU and the load generator ${ms(c.generator)}; ${ms(c.dbRun)} of each request went by inside PGlite's engine, on the server's thread.`
          : `Saturated (${s.run.agents} agents without think time, ${perS(s.run.perSecond)} requests per second instrumented), each request cost the server process ${ms(c.server)} of CPU, PostgreSQL ${ms(c.database)} and the load generator ${ms(c.generator)}.`,
        capacity(r),
      );
    })
    .join('\n\n');
}

export function loadSections(results: LoadEngineResult[], command: string, machine: string): { markdown: string; missed: boolean } {
  const missed = results.some((r) => !r.met);
  const seeds = results.map((r) => `${r.version} (${r.seed.seededNow ? 'seeded by this run' : `seeded on ${r.seed.date}`})`).join('; ');
  const busy = results.filter((r) => r.busy).map((r) => `${r.engine}: ${r.busy}`);
  const runs = results.flatMap((r) => [r.budget, ...r.saturation, ...r.floor, r.breakdown.run, r.saturationBreakdown.run]);
  const others = runs.map((x) => x.cpu.other);
  const otherMean = others.reduce((a, b) => a + b, 0) / Math.max(1, others.length);
  const otherMax = Math.max(...others);
  const quietNow = otherMax < 200;
  const quiet = [
    busy.length
      ? `**Not on a quiet machine**: after waiting up to ${LOAD_SETTINGS.quietWaitMin} minutes, other work was still going on when the runs began (${busy.join('; ')}).`
      : `Each engine's runs began once the machine was quiet (no one else's test runner or browser, the cores idle for 5 s, after waiting up to ${LOAD_SETTINGS.quietWaitMin} minutes).`,
    quietNow
      ? `During the runs the rest of the machine took ${pct(otherMean)} of a core on average.`
      : `**The machine did not stay quiet**: during the runs the rest of the machine (other work, the kernel) took ${pct(otherMean)} of a core on average and up to ${pct(otherMax)}, CPU the server, PostgreSQL and the load generator did not have; the "rest of the machine" columns give it per run.`,
  ].join(' ');
  const L = LOAD_SETTINGS;
  const markdown = `## Load: simulated agents

${paragraph(
  `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)} (${machine}) on the \`--scale large\` data (${seeds}).`,
  `The real server (\`${SERVER_COMMAND}\`, production build, log level warn), once on PGlite and once on the bench's PostgreSQL, and the load generator (bench/load-mix.ts) in the bench's own Node process, all on the same ${L.cores} cores, over loopback.`,
  `Each virtual agent is a loop: pick an action from the mix below by its share, send the action's requests (in parallel where the console sends them in parallel), read every answer to its last byte, then think for an exponentially distributed time of mean ${LOAD_BUDGET.thinkMs / 1000} s (none in the saturation runs), and again.`,
  `Each virtual agent has its own keep-alive connections (up to 6, as a browser), and the virtual agents share the sessions of ${LOAD_AGENTS.length} demo agents signed in through the magic link (${LOAD_AGENTS.join(', ')}); a session older than 10 minutes signs in again. Lists and pages use the bodies the console sends; alerts are those on the first pages of each agent's queue, customers those flagged on them. Comments are marked and removed from the large data after the runs.`,
  `A request is timed from sending it until its body has been read; any answer other than 2xx, a network error or no answer within 30 s is an error. Runs: ${L.warmupS} s of warm-up then ${L.measureS} s measured (saturation and the instrumented runs: ${L.saturationWarmupS} s then ${L.saturationMeasureS} s or ${L.breakdownMeasureS} s); every request started in the measured window counts, and percentiles are nearest-rank over all of them.`,
  `CPU time comes from /proc for the server process and for PostgreSQL's processes (the postmaster and its backends), from \`process.cpuUsage()\` for the load generator, and the rest of the machine is /proc/stat's busy time minus those.`,
  quiet,
)}

${mixTable()}

### Budget: ${LOAD_BUDGET.agents.PostgreSQL} agents on PostgreSQL, ${LOAD_BUDGET.agents.PGlite} on PGlite, thinking ${LOAD_BUDGET.thinkMs / 1000} s

${budgetTable(results)}

${opsTable(results)}

### Saturation: the mix without think time

${saturationTable(results)}

### The floor: the cheapest requests under the same load

${paragraph(
  "The same generator, at the best saturation run's concurrency, sending only one request: a route that neither signs the caller in nor reads the database, and the cheapest signed-in call (the access token checked and the agent's principal read, one query). This is what the server answers at most on this machine whatever the mix: the part of each request that is HTTP, Fastify and authentication.",
  "PostgreSQL's CPU in these runs is mostly its background work after the mix's writes (autovacuum and autoanalyze of the audit log the comments add to): the first route never reaches the database.",
)}

${floorTable(results)}

### Where the time goes (instrumented runs)

${paragraph(
  "Measured on the same server started with bench/load-probe.ts (`--import`), which changes no server code: it times each request in the server from the moment Node has parsed its headers until the answer is handed to the socket (node:http's diagnostics channels) and, through AsyncLocalStorage, the request's database calls: the time while at least one of its queries is in flight (PostgreSQL: a postgres-js query from its start until its result, including the wait for one of the pool's 10 connections; PGlite: each query, including the wait for its one connection), and of that the time \"running\": on PostgreSQL while at least one of its queries is on a connection (taken by it until answered: the round trip and PostgreSQL's work), on PGlite the time inside its engine, which runs synchronously on the server's thread.",
  'Each request carries an x-request-id, so the server\'s timings are matched to the client\'s: "outside the server\'s handling" is the client latency minus the server time (the socket, the event loop before Node parses the request, the load generator), "Node" is the server time minus the database wall time (the server\'s own code and its wait for the event loop).',
  'The probe costs some throughput; the plain runs above are the reference.',
)}

${breakdownTable(results)}

${resourcesTable(results)}

${opsBreakdownTable(results)}

${whereTheTimeGoes(results)}
`;
  return { markdown, missed };
}
