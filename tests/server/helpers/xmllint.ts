import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** FinCEN's published batch schemas, beside the repository (`../shared/fincen`). */
export const FINCEN_SCHEMAS = {
  SARX: resolve(process.cwd(), '../shared/fincen/EFL_SARXBatchSchema.xsd'),
  CTRX: resolve(process.cwd(), '../shared/fincen/EFL_CTRXBatchSchema.xsd'),
} as const;

/**
 * Validates an XML document against an XSD with libxml2's xmllint (installed by `.ci/run` when
 * absent): the errors xmllint prints, none when the document is valid.
 */
export function xmllintErrors(xml: string, schema: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-xmllint-'));
  try {
    const file = join(dir, 'document.xml');
    writeFileSync(file, xml);
    const run = spawnSync('xmllint', ['--noout', '--schema', schema, file], { encoding: 'utf8' });
    if (run.error) throw new Error(`xmllint could not run (apt-get install -y libxml2-utils): ${run.error.message}`);
    if (run.status === 0) return [];
    // FinCEN's namespace is not an absolute URI, which xmllint warns about (with the line quoted): only errors count
    const errors = run.stderr
      .split('\n')
      .filter((line) => /error/i.test(line))
      .map((line) => line.replace(`${file}:`, 'line '));
    return errors.length ? errors : [`xmllint exited with ${run.status}: ${run.stderr.trim()}`];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
