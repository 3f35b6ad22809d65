import type { ContractOperation, JsonSchema } from '../../../server/contract/load.js';

/**
 * Schema-violating variants of a valid request, generated from the contract: the fuzz test sends
 * each one and expects an answer in the error shape, never a 5xx.
 */
export interface Mutation {
  /** what was changed, e.g. "body/offset out of range (1e300)" */
  name: string;
  /** `invalid`: the contract refuses it, so the answer is 400; `any`: the answer only must not be a 5xx */
  expect: 'invalid' | 'any' | 413 | 414 | 415;
  path?: Record<string, string>;
  query?: Record<string, string>;
  /** a JSON value, or a raw string sent with `contentType` */
  body?: unknown;
  raw?: { payload: string | Buffer; contentType: string };
  omitBody?: boolean;
}

/** The database's integer range (int4), and the limit past which an integer is not a JavaScript one. */
export const INT4_MAX = 2_147_483_647;
const ONE_MB = 'x'.repeat(1_000_000);
/** Stands for the percent-encoded bytes %ED%A0%80 (a UTF-8-encoded surrogate, which is not UTF-8) in a URL. */
export const NOT_UTF8 = '\u{10FFFF}';
/** The contract's pattern for free text: no NUL, no unpaired surrogate. */
export const NO_CONTROL = '^[^\\u0000\\uD800-\\uDFFF]*$';

type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

function kindsOf(schema: JsonSchema): Kind[] {
  const type = schema.type;
  if (typeof type === 'string') return [type as Kind];
  if (Array.isArray(type)) return type.filter((t) => t !== 'null') as Kind[];
  if (schema.properties) return ['object'];
  return [];
}

/** The first branch that says something about shape, for oneOf/anyOf/allOf schemas. */
function shapeOf(schema: JsonSchema): JsonSchema {
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const branches = schema[key] as JsonSchema[] | undefined;
    if (branches?.length) {
      // every branch's properties; what is required overall is only what allOf's branches require
      const merged = branches.reduce<JsonSchema>(
        (acc, b) => {
          const { required, ...shape } = shapeOf(b);
          const requiredNow = key === 'allOf' ? [...((acc.required as string[]) ?? []), ...((required as string[]) ?? [])] : acc.required;
          return { ...acc, ...shape, required: requiredNow, properties: { ...(acc.properties as object), ...(shape.properties as object) } };
        },
        { required: schema.required },
      );
      const { [key]: _branches, ...rest } = schema;
      return { ...rest, ...merged };
    }
  }
  return schema;
}

/** A value of none of the kinds the schema allows. */
function wrongType(kinds: Kind[]): unknown {
  if (!kinds.includes('string')) return 'not-the-right-type';
  if (!kinds.includes('integer') && !kinds.includes('number')) return 12345;
  if (!kinds.includes('object')) return { unexpected: true };
  return [true];
}

interface Leaf {
  /** JSON path segments; a number stands for an array item */
  at: (string | number)[];
  schema: JsonSchema;
}

/** Every property reachable from a body schema, depth-first, items of arrays as index 0. */
function leaves(schema: JsonSchema, at: (string | number)[] = [], depth = 0, out: Leaf[] = []): Leaf[] {
  const s = shapeOf(schema);
  if (depth > 0) out.push({ at, schema: s });
  if (depth >= 4) return out;
  const kinds = kindsOf(s);
  if (kinds.includes('object') && s.properties) {
    for (const [name, child] of Object.entries(s.properties as Record<string, JsonSchema>)) leaves(child, [...at, name], depth + 1, out);
  }
  if (kinds.includes('array') && s.items && typeof s.items === 'object') leaves(s.items as JsonSchema, [...at, 0], depth + 1, out);
  return out;
}

function setAt(body: unknown, at: (string | number)[], value: unknown): unknown {
  const root = structuredClone(body ?? {});
  let node = root as Record<string | number, unknown>;
  for (let i = 0; i < at.length - 1; i++) {
    const key = at[i];
    const next = at[i + 1];
    const child = node[key];
    if (child === null || typeof child !== 'object') node[key] = typeof next === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[at[at.length - 1]] = value;
  return root;
}

function withoutKey(body: unknown, key: string): unknown {
  const copy = { ...(body as Record<string, unknown>) };
  delete copy[key];
  return copy;
}

/** Bad values for one schema position: each is refused by the contract. */
function badValues(schema: JsonSchema): { label: string; value: unknown }[] {
  const kinds = kindsOf(schema);
  if (!kinds.length) return [];
  const out: { label: string; value: unknown }[] = [{ label: 'wrong type', value: wrongType(kinds) }];
  if (kinds.includes('string') && !schema.enum && !schema.const) {
    out.push({ label: 'NUL byte', value: 'a\u0000b' }, { label: 'unpaired surrogate', value: 'a\uD800b' }, { label: '1 MB string', value: ONE_MB });
  }
  if (schema.enum) out.push({ label: 'unknown enum value', value: 'NOT_A_KNOWN_VALUE' });
  if (typeof schema.maxLength === 'number') out.push({ label: `${schema.maxLength + 1} characters`, value: varied(schema.maxLength + 1) });
  if (kinds.includes('integer')) {
    out.push({ label: 'beyond int4', value: INT4_MAX + 1 }, { label: 'below int4', value: -INT4_MAX - 2 }, { label: '1e300', value: 1e300 });
  }
  return out;
}

/** Text of the given length that does not compress (so an index holding it stores every byte). */
function varied(length: number): string {
  let seed = 7;
  let text = '';
  while (text.length < length) {
    seed = (seed * 48_271) % 2_147_483_647;
    text += String.fromCharCode(97 + (seed % 26));
  }
  return text;
}

/** The longest text the contract allows: it must be stored or refused, never fail in the database. */
function longestText(schema: JsonSchema): { label: string; value: unknown }[] {
  const kinds = kindsOf(schema);
  if (!kinds.includes('string') || schema.enum || schema.pattern !== NO_CONTROL || typeof schema.maxLength !== 'number') return [];
  return [{ label: `${schema.maxLength} varied characters`, value: varied(schema.maxLength) }];
}

/** Values that are legal for a number (money, weights) but extreme: they must not reach the database as an error. */
function extremeNumbers(schema: JsonSchema): { label: string; value: unknown }[] {
  const kinds = kindsOf(schema);
  if (!kinds.includes('number') || kinds.includes('integer')) return [];
  return [
    { label: 'number 1e300', value: 1e300 },
    { label: 'number -1e300', value: -1e300 },
    { label: 'number 1e-300', value: 1e-300 },
  ];
}

/** Bad values for a path or query parameter, as text. */
function badParamValues(schema: JsonSchema): { label: string; value: string; expect: Mutation['expect'] }[] {
  const kinds = kindsOf(schema);
  const out: { label: string; value: string; expect: Mutation['expect'] }[] = [];
  if (kinds.includes('integer') || kinds.includes('number')) {
    out.push(
      { label: 'not a number', value: 'abc', expect: 'invalid' },
      { label: 'beyond int4', value: String(INT4_MAX + 1), expect: 'invalid' },
      { label: '20 digits', value: '99999999999999999999', expect: 'invalid' },
      { label: '1e300', value: '1e300', expect: 'invalid' },
    );
  } else if (kinds.includes('string') && !schema.enum) {
    // A URL carries UTF-8: a lone surrogate cannot be sent in one, but bytes that are not UTF-8 can.
    out.push({ label: 'NUL byte', value: 'a\u0000b', expect: 'invalid' }, { label: 'bytes that are not UTF-8', value: `a${NOT_UTF8}b`, expect: 'any' });
  }
  if (schema.enum) out.push({ label: 'unknown enum value', value: 'NOT_A_KNOWN_VALUE', expect: 'invalid' });
  return out;
}

/** Caps the body mutations of one operation; the choice is deterministic (every n-th). */
const MAX_BODY_MUTATIONS = 60;

export function mutationsFor(
  op: ContractOperation,
  fixture: { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown },
): Mutation[] {
  const out: Mutation[] = [];
  const params = Object.fromEntries(Object.entries(fixture.params ?? {}).map(([k, v]) => [k, String(v)]));
  const query = Object.fromEntries(Object.entries(fixture.query ?? {}).map(([k, v]) => [k, String(v)]));

  for (const p of op.parameters) {
    if (p.in === 'path') {
      for (const bad of badParamValues(p.schema))
        out.push({ name: `path ${p.name} ${bad.label}`, expect: bad.expect, path: { ...params, [p.name]: bad.value }, query });
      out.push({ name: `path ${p.name} of 10,000 characters`, expect: 414, path: { ...params, [p.name]: '9'.repeat(10_000) }, query });
    } else if (p.in === 'query') {
      for (const bad of badParamValues(p.schema))
        out.push({ name: `query ${p.name} ${bad.label}`, expect: bad.expect, path: params, query: { ...query, [p.name]: bad.value } });
    }
  }

  const body = op.requestBody;
  const json = body && kindsOf(shapeOf(body)).length > 0;
  if (json) {
    const schema = shapeOf(body);
    const base = fixture.body ?? {};
    const bodyMutations: Mutation[] = [];
    for (const name of (schema.required as string[] | undefined) ?? []) {
      bodyMutations.push({ name: `body without required ${name}`, expect: 'invalid', path: params, query, body: withoutKey(base, name) });
    }
    for (const leaf of leaves(schema)) {
      for (const bad of badValues(leaf.schema)) {
        bodyMutations.push({ name: `body/${leaf.at.join('/')} ${bad.label}`, expect: 'invalid', path: params, query, body: setAt(base, leaf.at, bad.value) });
      }
      for (const extreme of [...extremeNumbers(leaf.schema), ...longestText(leaf.schema)]) {
        bodyMutations.push({
          name: `body/${leaf.at.join('/')} ${extreme.label}`,
          expect: 'any',
          path: params,
          query,
          body: setAt(base, leaf.at, extreme.value),
        });
      }
    }
    const step = Math.max(1, Math.ceil(bodyMutations.length / MAX_BODY_MUTATIONS));
    out.push(...bodyMutations.filter((_, i) => i % step === 0));
    out.push(
      { name: 'body of the wrong type', expect: 'invalid', path: params, query, body: kindsOf(schema).includes('array') ? { not: 'an array' } : [1, 2, 3] },
      { name: 'malformed JSON', expect: 'invalid', path: params, query, raw: { payload: '{"a":', contentType: 'application/json' } },
      { name: 'text/plain body', expect: 415, path: params, query, raw: { payload: 'hello', contentType: 'text/plain' } },
      { name: 'octet-stream body', expect: 415, path: params, query, raw: { payload: Buffer.from([0, 1, 2, 3]), contentType: 'application/octet-stream' } },
      {
        name: 'JSON body over the body limit',
        expect: 413,
        path: params,
        query,
        raw: { payload: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }), contentType: 'application/json' },
      },
    );
  } else if (!op.requestBodyRequired) {
    // A call without a JSON body: whatever is sent as a body is not read, and must not break anything.
    out.push({ name: 'unexpected text body', expect: 'any', path: params, query, raw: { payload: 'hello', contentType: 'text/plain' } });
  } else {
    // raw uploads: a type the operation does not take
    out.push({ name: 'upload of an unsupported media type', expect: 415, path: params, query, raw: { payload: '<x/>', contentType: 'application/xml' } });
  }
  return out;
}
