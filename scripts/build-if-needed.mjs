// Builds the SPA when dist/ is missing or older than its sources, so `npm start` works on a fresh
// clone and restarts stay fast.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
  execSync('npm run build', { stdio: 'inherit' });
}
