/**
 * A value read from stored JSON or a form as text: a string as it is, a number, boolean or bigint
 * written out, anything else (null, undefined, an object or a list) as `fallback`. Never
 * "[object Object]": tolerant readers of stored models, agent outputs and audit details use this
 * rather than String(value).
 */
export function scalarText(value: unknown, fallback = ''): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      return fallback;
  }
}
