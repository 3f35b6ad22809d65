/**
 * The field key of this server process. A server has one configuration, and the readers that
 * decrypt (the object mappers behind dozens of handlers, the job worker) are far from the request's
 * services; buildApp registers the configured key here once instead of threading it through each.
 */
let current: Buffer | null = null;

export function useFieldKey(key: Buffer): void {
  current = key;
}

/** The registered key; null before buildApp ran (then encrypted values read as censored). */
export function fieldKeyOrNull(): Buffer | null {
  return current;
}

export function requireFieldKey(): Buffer {
  if (!current) throw new Error('No field encryption key registered (buildApp registers ServerConfig.fieldKey)');
  return current;
}
