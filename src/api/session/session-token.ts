// Session tokens as the browser should read them. The server states expiry in its own Unix
// seconds; a browser whose clock is minutes off would log out at once (token check) or renew in a
// loop. The server's Date header says what time it was there, so the expiry is moved onto this
// browser's clock before the session machine sees it.
import type { components } from '../../../openapi/schema';
import { unwrap } from '../client';

export type SessionToken = components['schemas']['SessionToken'];

/** Differences under this are the Date header's one-second resolution and the network, not skew. */
const SKEW_TOLERANCE_SECONDS = 5;

export function onLocalClock(token: SessionToken, serverDate: string | null, nowMs: number = Date.now()): SessionToken {
  const serverMs = Date.parse(serverDate ?? '');
  if (Number.isNaN(serverMs)) return token;
  const skewSeconds = Math.round((nowMs - serverMs) / 1000);
  if (Math.abs(skewSeconds) < SKEW_TOLERANCE_SECONDS) return token;
  return { ...token, jwt_expires_at: token.jwt_expires_at + skewSeconds };
}

/** Unwraps a call answering a session token, with its expiry on this browser's clock. */
export async function sessionToken(call: Promise<{ data?: SessionToken; error?: unknown; response: Response }>): Promise<SessionToken> {
  const result = await call;
  const token = await unwrap(Promise.resolve(result));
  return onLocalClock(token, result.response.headers.get('date'));
}
