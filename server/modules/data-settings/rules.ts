import { validateEnumValues, validateKeyPath, validateLabel, validateUrlPrefix } from '../../../core/data-settings/rules.js';
import { badRequest } from '../../lib/errors.js';

/**
 * The Data Setting panel's rules (core/data-settings/rules.ts) as the server answers them: 400 with
 * the panel's exact text, at the field that breaks the rule. The console checks first, but a direct
 * call must meet the same rules and learn the same reason.
 */

export const NATIVE_NOT_ENCRYPTED = 'Native data settings cannot be encrypted.';

function refuse(path: string, message: string | null) {
  if (message) throw badRequest(message, [{ path, message }]);
}

export function checkKeyPath(keyPath: string) {
  refuse('body/key_path', validateKeyPath(keyPath));
}

export function checkLabel(label: string) {
  refuse('body/user_facing_label', validateLabel(label));
}

export function checkEnumSet(values: string[]) {
  refuse('body/enum_set', validateEnumValues(values));
}

export function checkUrlPrefix(prefix: unknown) {
  if (typeof prefix === 'string') refuse('body/rendering_options/url_prefix', validateUrlPrefix(prefix));
}
