import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { toJsonSchema, type ContractOperation } from '../../../server/contract/load.js';

const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
addFormats(ajv);
const cache = new Map<object, ReturnType<typeof ajv.compile>>();

/** Validates an answer body against the contract's schema for its status; returns the errors. */
export function contractErrors(op: ContractOperation, status: number, body: unknown): string[] {
  const response = op.responses[String(status)];
  if (!response) return [`${op.operationId}: status ${status} is not in the contract (has ${Object.keys(op.responses).join(', ')})`];
  if (!response.schema) return [];
  let validate = cache.get(response.schema);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(response.schema) as object);
    cache.set(response.schema, validate);
  }
  if (validate(body)) return [];
  return (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '(root)'} ${e.message} ${JSON.stringify(e.params)}`);
}
