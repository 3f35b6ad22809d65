import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const CONTRACT_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../openapi/console.yaml');

export type JsonSchema = Record<string, unknown>;
export type PermissionRequirement = { allOf: string[] } | { anyOf: string[] } | 'public';

export interface ContractParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface ContractOperation {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The contract's path, e.g. /api/alerts/{id}/hits */
  path: string;
  parameters: ContractParameter[];
  requestBody: JsonSchema | undefined;
  requestBodyRequired: boolean;
  /** status code (as written in the contract) to the JSON schema of the answer, or null for no body */
  responses: Record<string, { schema: JsonSchema | null; contentType: string | null }>;
  permissions: PermissionRequirement;
  agentFlags: string[];
  featureFlags: string[];
}

export interface Contract {
  document: Record<string, unknown>;
  operations: ContractOperation[];
  byId: Map<string, ContractOperation>;
  schemas: Record<string, JsonSchema>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

// The parts of the dereferenced OpenAPI document read below; `npm run lint:api` checks the rest.
interface RawMedia {
  schema?: JsonSchema;
}
interface RawOperation {
  operationId?: string;
  parameters?: ContractParameter[];
  requestBody?: { required?: boolean; content?: Record<string, RawMedia> };
  responses?: Record<string, { content?: Record<string, RawMedia> }>;
  /** [] for a public operation, else the permissions all or any of which the caller needs */
  'x-permissions'?: string[] | { allOf?: string[]; anyOf?: string[] };
  'x-agent-flags'?: string[];
  'x-feature-flags'?: string[];
}
type RawPathItem = Partial<Record<(typeof METHODS)[number], RawOperation>> & { parameters?: ContractParameter[] };
interface RawDocument {
  paths?: Record<string, RawPathItem>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/**
 * Reads console.yaml and every file it references, and returns the contract fully dereferenced.
 * The contract has no recursive schemas by convention (docs/contract-conventions.md), which is what
 * lets Fastify and Ajv take each operation's schemas as plain objects.
 */
export function loadContract(path = CONTRACT_PATH): Contract {
  const files = new Map<string, unknown>();
  const readYaml = (file: string) => {
    if (!files.has(file)) files.set(file, parse(readFileSync(file, 'utf8')));
    return files.get(file);
  };
  const pointer = (doc: unknown, fragment: string, ref: string): unknown => {
    let node = doc;
    for (const raw of fragment.split('/').filter(Boolean)) {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !(key in node)) throw new Error(`Unresolvable $ref ${ref}`);
      node = (node as Record<string, unknown>)[key];
    }
    return node;
  };
  const deref = (node: unknown, file: string, depth: number): unknown => {
    if (depth > 64) throw new Error(`$ref nesting too deep in ${file}: recursive schemas are not allowed`);
    if (Array.isArray(node)) return node.map((item) => deref(item, file, depth));
    if (node === null || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    if (typeof obj.$ref === 'string') {
      const [target, fragment = ''] = obj.$ref.split('#');
      const targetFile = target ? resolve(dirname(file), target) : file;
      const resolved = deref(pointer(readYaml(targetFile), fragment, obj.$ref), targetFile, depth + 1);
      const siblings = Object.fromEntries(Object.entries(obj).filter(([k]) => k !== '$ref'));
      return Object.keys(siblings).length ? { ...(resolved as object), ...(deref(siblings, file, depth) as object) } : resolved;
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, deref(v, file, depth)]));
  };

  const document = deref(readYaml(path), path, 0) as RawDocument & Record<string, unknown>;
  const operations: ContractOperation[] = [];
  for (const [opPath, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters: ContractParameter[] = [...(item.parameters ?? []), ...(op.parameters ?? [])];
      const json = op.requestBody?.content?.['application/json'];
      const responses: ContractOperation['responses'] = {};
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [null, null];
        responses[status] = { schema: media?.schema ?? null, contentType };
      }
      const raw = op['x-permissions'];
      let permissions: PermissionRequirement;
      if (Array.isArray(raw) && raw.length === 0) permissions = 'public';
      else if (raw && !Array.isArray(raw) && Array.isArray(raw.allOf)) permissions = { allOf: raw.allOf };
      else if (raw && !Array.isArray(raw) && Array.isArray(raw.anyOf)) permissions = { anyOf: raw.anyOf };
      else throw new Error(`${op.operationId ?? `${method} ${opPath}`} has no valid x-permissions`);
      if (!op.operationId) throw new Error(`${method} ${opPath} has no operationId`);
      operations.push({
        operationId: op.operationId,
        method,
        path: opPath,
        parameters,
        requestBody: json?.schema,
        requestBodyRequired: Boolean(op.requestBody?.required),
        responses,
        permissions,
        agentFlags: op['x-agent-flags'] ?? [],
        featureFlags: op['x-feature-flags'] ?? [],
      });
    }
  }
  return {
    document,
    operations,
    byId: new Map(operations.map((op) => [op.operationId, op])),
    schemas: document.components?.schemas ?? {},
  };
}

/** Strips OpenAPI-only keywords that JSON Schema validators do not know. */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || key === 'example' || key === 'discriminator' || key === 'xml' || key === 'externalDocs') continue;
    // `properties` maps names to schemas: a property may itself be called "example"
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, toJsonSchema(v)])) : toJsonSchema(value);
  }
  return out;
}

/** /api/alerts/{id}/hits -> /api/alerts/:id/hits */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** The lowest 2xx the operation declares; a browser redirect declares only a 3xx. */
export function successStatus(op: ContractOperation): number {
  const statuses = Object.keys(op.responses).map(Number);
  const ok = statuses.filter((s) => s >= 200 && s < 300);
  return Math.min(...(ok.length > 0 ? ok : statuses.filter((s) => s >= 300 && s < 400)));
}
