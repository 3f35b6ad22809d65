// Builds the SPA when dist/ is missing or older than its sources, so `npm start` works on a fresh
// clone and restarts stay fast.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sources = ['src', 'index.html', 'vite.config.ts', 'panda.config.ts', 'openapi/schema.d.ts'];
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}
const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
if (built === 0 || Math.max(...sources.map(newest)) > built) {
  console.log('Building the console...');
  // Built beside dist/ and swapped in, so a console already serving dist/ (or a second build
  // started at the same moment) never sees a half-written folder.
  const staging = `dist.build-${process.pid}`;
  execSync(`npx panda codegen --silent && npx vite build --outDir ${staging} --emptyOutDir`, { stdio: 'inherit' });
  const old = `dist.old-${process.pid}`;
  if (existsSync('dist')) renameSync('dist', old);
  renameSync(staging, 'dist');
  rmSync(old, { recursive: true, force: true });
}
