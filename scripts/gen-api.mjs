// Generates openapi/schema.d.ts from the contract. openapi-typescript reads every `allOf` as a
// schema composition, including the one inside x-permissions, so the types are generated from a
// copy of the contract with the x-* extensions removed. `--check` fails when the committed file
// is stale instead of writing it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse, stringify } from 'yaml';

const SOURCE = 'openapi';
const TARGET = '.tmp/openapi-gen';
const OUTPUT = 'openapi/schema.d.ts';

function strip(node) {
  if (Array.isArray(node)) return node.map(strip);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key]) => !key.startsWith('x-'))
      .map(([key, value]) => [key, strip(value)]),
  );
}

function copy(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) copy(path);
    else if (entry.name.endsWith('.yaml')) {
      const out = join(TARGET, relative(SOURCE, path));
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, stringify(strip(parse(readFileSync(path, 'utf8')))));
    }
  }
}

rmSync(TARGET, { recursive: true, force: true });
copy(SOURCE);
const generated = join(TARGET, 'schema.d.ts');
execFileSync('npx', ['openapi-typescript', join(TARGET, 'console.yaml'), '--empty-objects-unknown', '-o', generated], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
const fresh = readFileSync(generated, 'utf8');
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(OUTPUT, 'utf8');
  } catch {
    // no output yet: it is stale
  }
  if (current !== fresh) {
    console.error(`${OUTPUT} is stale: run \`npm run gen:api\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${OUTPUT} matches the contract.`);
} else {
  writeFileSync(OUTPUT, fresh);
  console.log(`wrote ${OUTPUT}`);
}
