/**
 * The Data Setting panel's rules that the server enforces too (spec part 2, sections 5 and 9), with
 * their exact texts: the key path, the label, the enum values and the URL prefix. The console checks
 * them as the agent types; a direct call to the server meets the same rules and learns the same
 * reason. Each check answers the message of the first rule broken, or null.
 */

// Spec texts.
export const URL_PREFIX_INVALID = 'URL prefix must begin with https:// in order to be valid';
export const ENUM_CAP_TEXT = 'Cannot add any more values';

// Our texts where the spec names the rule but not its words (docs/decisions.md).
export const KEY_PATH_REQUIRED = 'Key path is required.';
export const KEY_PATH_EMPTY_PART = 'Key path parts cannot be empty.';
export const KEY_PATH_CHARACTERS = 'Key path parts may contain only letters, digits, spaces, hyphens and underscores.';
export const KEY_PATH_TOO_DEEP = 'Key path can have at most 10 parts.';
export const KEY_PATH_TOO_LONG = 'Key path can have at most 512 characters.';
export const LABEL_REQUIRED = 'Label is required.';
export const ENUM_DUPLICATE = 'This value is already in the list.';
export const ENUM_REQUIRED = 'An enum data setting needs at least one value.';

/** Potential values an enum setting may have (spec: "capped", value not shown). */
export const ENUM_CAP = 100;
export const KEY_PATH_MAX_PARTS = 10;
export const KEY_PATH_MAX_LENGTH = 512;

/** On create the key path is split on dots into its parts. */
export const keyPathParts = (keyPath: string) => keyPath.split('.');

// Letters and digits of any script, spaces, hyphens and underscores: keys of the customer's JSON
// and CSV headers, without characters that would need escaping in a path.
const PART = /^[\p{L}\p{N} _-]+$/u;

/**
 * The key path: required, non-empty parts of known characters, bounded. A part may keep leading or
 * trailing spaces (the console only warns about them).
 */
export function validateKeyPath(keyPath: string): string | null {
  if (!keyPath.trim()) return KEY_PATH_REQUIRED;
  if (keyPath.length > KEY_PATH_MAX_LENGTH) return KEY_PATH_TOO_LONG;
  const parts = keyPathParts(keyPath);
  if (parts.some((p) => !p.trim())) return KEY_PATH_EMPTY_PART;
  if (parts.length > KEY_PATH_MAX_PARTS) return KEY_PATH_TOO_DEEP;
  if (parts.some((p) => !PART.test(p))) return KEY_PATH_CHARACTERS;
  return null;
}

export function validateLabel(label: string): string | null {
  return label.trim() ? null : LABEL_REQUIRED;
}

/** An enum setting's values: at least one, at most ENUM_CAP, case-sensitive ("Gold" and "gold" are two). */
export function validateEnumValues(values: readonly string[]): string | null {
  if (values.length === 0) return ENUM_REQUIRED;
  if (values.length > ENUM_CAP) return ENUM_CAP_TEXT;
  if (new Set(values).size !== values.length) return ENUM_DUPLICATE;
  return null;
}

/** A URL setting's prefix, when one is given, is an https:// address. */
export function validateUrlPrefix(prefix: string): string | null {
  return prefix === '' || prefix.startsWith('https://') ? null : URL_PREFIX_INVALID;
}
