import { describe, expect, it } from 'vitest';
import { onLocalClock } from '../../src/api/session/session-token';

const token = { jwt: 'x', jwt_expires_at: 1_800_000_900, refresh_token_expires: 43_200 };
const serverNow = new Date(1_800_000_000_000).toUTCString();

describe('session token expiry on the browser clock', () => {
  it('moves the expiry by how far the browser clock is ahead of or behind the server', () => {
    expect(onLocalClock(token, serverNow, 1_800_000_000_000 + 20 * 60_000).jwt_expires_at).toBe(1_800_000_900 + 1_200);
    expect(onLocalClock(token, serverNow, 1_800_000_000_000 - 3_600_000).jwt_expires_at).toBe(1_800_000_900 - 3_600);
  });

  it('leaves it alone within the Date header resolution and network time, or without a Date header', () => {
    expect(onLocalClock(token, serverNow, 1_800_000_000_000 + 2_400)).toBe(token);
    expect(onLocalClock(token, null, 1_800_000_000_000 + 3_600_000)).toBe(token);
    expect(onLocalClock(token, 'not a date', 1_800_000_000_000 + 3_600_000)).toBe(token);
  });
});
