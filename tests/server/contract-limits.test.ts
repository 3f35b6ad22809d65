import { describe, expect, it } from 'vitest';
import { loadContract, type JsonSchema } from '../../server/contract/load.js';
import { INT4_MAX, NO_CONTROL } from './helpers/mutations.js';

/**
 * Bad input never reaches the database: every value a request carries is bounded by the contract.
 * Integers stay in PostgreSQL's integer range; text has a maxLength and refuses NUL bytes and
 * unpaired surrogates (the free-text pattern, an enum, a strict format, or a pattern of listed
 * characters).
 */
const contract = loadContract();
const STRICT_FORMATS = new Set(['date-time', 'date', 'time', 'email', 'uuid', 'uri', 'ipv4', 'ipv6']);

/** A pattern of listed characters, anchored at both ends, cannot match a NUL or a surrogate. */
function patternRefusesControl(pattern: string): boolean {
  if (pattern === NO_CONTROL) return true;
  if (!pattern.startsWith('^') || !pattern.endsWith('$')) return false;
  if (/\[\^|\\[SWD]/.test(pattern)) return false;
  // outside character classes, an unescaped dot matches anything
  return !/(^|[^\\])\./.test(pattern.replace(/\[[^\]]*\]/g, 'C'));
}

function problems(schema: JsonSchema | undefined, where: string, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes('integer')) {
    if (typeof schema.maximum !== 'number' || schema.maximum > INT4_MAX) out.push(`${where}: integer without a maximum within ${INT4_MAX}`);
    if (typeof schema.minimum !== 'number' || schema.minimum < -INT4_MAX - 1) out.push(`${where}: integer without a minimum within the integer range`);
  }
  if (types.includes('string') && !schema.enum && schema.const === undefined) {
    if (typeof schema.maxLength !== 'number') out.push(`${where}: text without maxLength`);
    const format = schema.format as string | undefined;
    const pattern = schema.pattern as string | undefined;
    if (!(format && STRICT_FORMATS.has(format)) && !(pattern && patternRefusesControl(pattern)))
      out.push(`${where}: text that may hold NUL or unpaired surrogates`);
  }
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) problems(child, `${where}.${name}`, out);
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    if (schema[key] && typeof schema[key] === 'object') problems(schema[key] as JsonSchema, `${where}[${key}]`, out);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    ((schema[key] ?? []) as JsonSchema[]).forEach((branch, i) => problems(branch, `${where}(${key} ${i})`, out));
  }
  return out;
}

describe('the contract bounds every value a request carries', () => {
  for (const op of contract.operations) {
    it(`${op.operationId}`, () => {
      const found: string[] = [];
      for (const p of op.parameters) problems(p.schema, `${p.in} ${p.name}`, found);
      problems(op.requestBody, 'body', found);
      expect(found).toEqual([]);
    });
  }

  it('the free-text pattern refuses NUL and unpaired surrogates and takes everything else', () => {
    // Ajv compiles patterns with the u flag, as here
    const text = new RegExp(NO_CONTROL, 'u');
    expect(text.test('a\u0000b')).toBe(false);
    expect(text.test('a\uD800b')).toBe(false);
    expect(text.test('a\uDC00')).toBe(false);
    expect(text.test('Zoë 😀 — ¥ 北京\n\ttab')).toBe(true);
  });
});
