import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A PostgreSQL cluster of the bench's own, as .ci/run starts one: initdb and pg_ctl from the newest
 * /usr/lib/postgresql/<version>/bin, run as the postgres user when the bench runs as root (initdb
 * refuses root). The cluster's folder is kept between runs so a seeded database can be reused;
 * stop() shuts the server down and leaves the folder.
 */
export interface Postgres {
  url: string;
  version: string;
  dir: string;
  /** whether initdb made the cluster just now (so nothing is seeded in it) */
  created: boolean;
  stop: () => void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))) : [];
  versions.sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  if (!newest) throw new Error(`no PostgreSQL under ${root} (apt-get install postgresql)`);
  return join(root, newest, 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function run(bin: string, args: string[]): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function startPostgres(dir: string, port: number): Postgres {
  const bin = binDir();
  const data = join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const created = !existsSync(join(data, 'PG_VERSION'));
  if (created) run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']);
  // A server left running by an interrupted run is stopped first (its port and socket are ours).
  try {
    run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
  } catch {
    // not running
  }
  // As .ci/run: durability off, which only speeds up writes (the seed); reads are what is measured.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-w', '-o', options, 'start']);
  // "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" -> "PostgreSQL 15.18 (Debian 15.18-0+deb12u1)"
  const version = run(join(bin, 'postgres'), ['--version'])
    .trim()
    .replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    dir,
    created,
    stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
      } catch {
        // already stopped
      }
    },
  };
}
