import { badRequest } from '../../lib/errors.js';

/**
 * The Data Setting panel's rules (spec part 2, section 5) as the server enforces them, with the
 * panel's exact texts (src/areas/data-management/data-settings/data-setting.constants.ts): the
 * console checks first, but a direct call must meet the same rules and learn the same reason.
 */
export const URL_PREFIX_INVALID = 'URL prefix must begin with https:// in order to be valid';
export const ENUM_CAP_TEXT = 'Cannot add any more values';
export const ENUM_CAP = 100;
export const ENUM_DUPLICATE = 'This value is already in the list.';
export const ENUM_REQUIRED = 'An enum data setting needs at least one value.';
export const KEY_PATH_REQUIRED = 'Key path is required.';
export const KEY_PATH_EMPTY_PART = 'Key path parts cannot be empty.';
export const KEY_PATH_CHARACTERS = 'Key path parts may contain only letters, digits, spaces, hyphens and underscores.';
export const KEY_PATH_TOO_DEEP = 'Key path can have at most 10 parts.';
export const KEY_PATH_TOO_LONG = 'Key path can have at most 512 characters.';
export const LABEL_REQUIRED = 'Label is required.';
export const NATIVE_NOT_ENCRYPTED = 'Native data settings cannot be encrypted.';

const PART = /^[\p{L}\p{N} _-]+$/u;

/** Key paths are split on dots; a part may keep leading or trailing spaces (the console only warns). */
export function checkKeyPath(keyPath: string) {
  const fail = (message: string) => badRequest(message, [{ path: 'body/key_path', message }]);
  if (!keyPath.trim()) throw fail(KEY_PATH_REQUIRED);
  if (keyPath.length > 512) throw fail(KEY_PATH_TOO_LONG);
  const parts = keyPath.split('.');
  if (parts.some((p) => !p.trim())) throw fail(KEY_PATH_EMPTY_PART);
  if (parts.length > 10) throw fail(KEY_PATH_TOO_DEEP);
  if (parts.some((p) => !PART.test(p))) throw fail(KEY_PATH_CHARACTERS);
}

export function checkLabel(label: string) {
  if (!label.trim()) throw badRequest(LABEL_REQUIRED, [{ path: 'body/user_facing_label', message: LABEL_REQUIRED }]);
}

/** Enum values are case-sensitive ("Gold" and "gold" are two) and at most ENUM_CAP. */
export function checkEnumSet(values: string[]) {
  const fail = (message: string) => badRequest(message, [{ path: 'body/enum_set', message }]);
  if (values.length === 0) throw fail(ENUM_REQUIRED);
  if (values.length > ENUM_CAP) throw fail(ENUM_CAP_TEXT);
  if (new Set(values).size !== values.length) throw fail(ENUM_DUPLICATE);
}

export function checkUrlPrefix(prefix: unknown) {
  if (typeof prefix === 'string' && prefix !== '' && !prefix.startsWith('https://')) {
    throw badRequest(URL_PREFIX_INVALID, [{ path: 'body/rendering_options/url_prefix', message: URL_PREFIX_INVALID }]);
  }
}
