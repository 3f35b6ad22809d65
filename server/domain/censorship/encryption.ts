import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Values of ENCRYPTED data settings are kept encrypted at rest (spec part 2, section 3): a database
 * dump or backup alone does not reveal them. AES-256-GCM authenticates as well as hides, so a value
 * changed in the database, or read with another key, fails loudly instead of decrypting to garbage.
 *
 * Stored form: "enc:v1:" + base64url(iv) + ":" + base64url(ciphertext) + ":" + base64url(tag).
 * The version lets a later scheme (another key, another algorithm) live beside this one.
 */

/** How every encrypted stored value begins. */
export const ENCRYPTED_PREFIX = 'enc:v1:';
const PREFIX = ENCRYPTED_PREFIX;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = 'field-key';

function keyFromBase64(raw: string, origin: string): Buffer {
  const key = Buffer.from(raw.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${origin} must be the base64 of ${KEY_BYTES} bytes, got ${key.length} bytes`);
  return key;
}

/**
 * FIELD_ENCRYPTION_KEY (base64 of 32 bytes). Without it, outside production, a key is generated on
 * first start and kept in dataDir (mode 0600) so values stay readable across restarts; production
 * refuses to start without one, because a lost generated key would make the stored values unreadable.
 */
export function fieldKeyFrom(env: NodeJS.ProcessEnv, dataDir: string, production: boolean): Buffer {
  if (env.FIELD_ENCRYPTION_KEY) return keyFromBase64(env.FIELD_ENCRYPTION_KEY, 'FIELD_ENCRYPTION_KEY');
  if (production) throw new Error('FIELD_ENCRYPTION_KEY is required when NODE_ENV=production');
  const file = join(dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // 'wx' so two processes starting on one data directory cannot both write a different key.
    try {
      writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return keyFromBase64(readFileSync(file, 'utf8'), file);
}

export function isEncryptedField(stored: unknown): boolean {
  return typeof stored === 'string' && stored.startsWith(PREFIX);
}

// Ingestion encrypts a value per row: a fresh random IV and the key's import are the costly parts
// of a call, so IVs are cut from a block of random bytes (each used once) and keys imported once.
const IV_BLOCK = IV_BYTES * 4096;
let ivPool = randomBytes(IV_BLOCK);
let ivAt = 0;
function nextIv(): Buffer {
  if (ivAt + IV_BYTES > ivPool.length) {
    ivPool = randomBytes(IV_BLOCK);
    ivAt = 0;
  }
  const iv = ivPool.subarray(ivAt, ivAt + IV_BYTES);
  ivAt += IV_BYTES;
  return iv;
}

const imported = new WeakMap<Buffer, KeyObject>();
function keyObject(key: Buffer): KeyObject {
  let found = imported.get(key);
  if (!found) imported.set(key, (found = createSecretKey(key)));
  return found;
}

export function encryptField(key: Buffer, plain: string): string {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', keyObject(key), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString('base64url')}:${body.toString('base64url')}:${tag.toString('base64url')}`;
}

/** Throws on a value not in the stored form, a wrong key or any tampering. */
export function decryptField(key: Buffer, stored: string): string {
  if (!isEncryptedField(stored)) throw new Error('Not an encrypted field value');
  const parts = stored.slice(PREFIX.length).split(':');
  if (parts.length !== 3) throw new Error('Malformed encrypted field value');
  const [iv, body, tag] = parts.map((p) => Buffer.from(p, 'base64url'));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('Malformed encrypted field value');
  const decipher = createDecipheriv('aes-256-gcm', keyObject(key), iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
