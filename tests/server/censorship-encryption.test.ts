import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptField, encryptField, fieldKeyFrom, isEncryptedField } from '../../server/domain/censorship/encryption.js';

const key = randomBytes(32);

describe('field encryption', () => {
  it('round-trips text, with a fresh IV each time', () => {
    const plain = 'GB29 NWBK 6016 1331 9268 19 — ünïcode';
    const a = encryptField(key, plain);
    const b = encryptField(key, plain);
    expect(a).not.toBe(b);
    expect(a).not.toContain('NWBK');
    expect(isEncryptedField(a)).toBe(true);
    expect(decryptField(key, a)).toBe(plain);
    expect(decryptField(key, encryptField(key, ''))).toBe('');
  });

  it('refuses a wrong key, a changed byte and a non-encrypted value', () => {
    const stored = encryptField(key, 'secret');
    expect(() => decryptField(randomBytes(32), stored)).toThrow();
    const [iv, body, tag] = stored.slice('enc:v1:'.length).split(':');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => decryptField(key, `enc:v1:${iv}:${flipped.toString('base64url')}:${tag}`)).toThrow();
    expect(() => decryptField(key, 'secret')).toThrow();
    expect(isEncryptedField('secret')).toBe(false);
    expect(isEncryptedField(42)).toBe(false);
  });

  it('reads FIELD_ENCRYPTION_KEY, else keeps a generated key in the data directory; production needs the variable', () => {
    const given = randomBytes(32);
    expect(fieldKeyFrom({ FIELD_ENCRYPTION_KEY: given.toString('base64') }, '/nonexistent', true).equals(given)).toBe(true);
    expect(() => fieldKeyFrom({ FIELD_ENCRYPTION_KEY: randomBytes(16).toString('base64') }, '/nonexistent', false)).toThrow(/32 bytes/);
    expect(() => fieldKeyFrom({}, '/nonexistent', true)).toThrow(/required/);
    const dir = mkdtempSync(join(tmpdir(), 'vigil-key-'));
    const first = fieldKeyFrom({}, dir, false);
    expect(first.length).toBe(32);
    expect(fieldKeyFrom({}, dir, false).equals(first)).toBe(true);
    expect(statSync(join(dir, 'field-key')).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(join(dir, 'field-key'), 'utf8'), 'base64').equals(first)).toBe(true);
  });
});
