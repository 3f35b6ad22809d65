// Types and constants of the session machine (spec part 1, section 4 "Session" and section 9).

/** Token check interval (section 9: 30 s). */
export const TOKEN_CHECK_MS = 30_000;
/** Sleep check interval (section 9: 5 s). */
export const SLEEP_CHECK_MS = 5_000;
/** Wall-clock time between two sleep checks above which the machine is taken to have slept. */
export const SLEEP_THRESHOLD_MS = 10_000;
/** Inactivity check interval (section 9: 30 s); the limit itself comes from the agent's settings. */
export const INACTIVITY_CHECK_MS = 30_000;
/** Renewal happens this long before the token expires (section 9: 60 s). */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** Stored for the login page when silent renewal answers access_denied without a description. */
export const DEFAULT_ACCESS_DENIED = 'Access Denied';
/**
 * Not in the spec: how long logging out waits for the server's logout call before it clears the
 * tokens anyway. Its failures are ignored, so a hung call must not keep the agent signed in.
 */
export const LOGOUT_CALL_TIMEOUT_MS = 5_000;
/** Browsers run a setTimeout longer than 2^31-1 ms at once; longer renewal delays are capped. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The answer of the refresh-jwt call and of the email token exchange (section 7). */
export interface SessionToken {
  jwt: string;
  /** Unix seconds, on the browser's clock (the console corrects the server's for skew). */
  jwt_expires_at: number;
  /** Seconds the httpOnly refresh cookie stays valid from now (renewed on each refresh). */
  refresh_token_expires: number;
}

/** The login connection: 'email' is the magic link; anything unknown gets no scheduled renewal. */
export type Connection = 'email' | 'google-oauth2' | 'saml' | (string & {});

export interface InactivitySettings {
  enabled: boolean;
  time_seconds: number;
}

/** What `loadAgent` resolves: the agent's settings and the connection the server reports. */
export interface AgentSettings {
  inactivity: InactivitySettings;
  connection: Connection;
}

/** How the identity provider's silent renewal rejects (other errors are any other value). */
export interface SilentRenewalError {
  error: string;
  error_description?: string;
}

/** Why the last session ended; `inactivity` is the one that adds logout=true to the login page. */
export type LogoutReason = 'user' | 'expired' | 'inactivity' | 'refreshFailed' | 'accessDenied' | 'renewalFailed' | 'agentLoadFailed';

export interface SessionInput {
  /** Wall clock in milliseconds (Date.now in the app); injected so tests can simulate sleep. */
  now: () => number;
}

export interface SessionContext {
  now: () => number;
  token: SessionToken | null;
  connection: Connection | null;
  /** Null until loadAgent resolves. */
  inactivity: InactivitySettings | null;
  permissionsLoading: boolean;
  lastActivityAt: number;
  lastSleepCheckAt: number;
  logoutReason: LogoutReason | null;
}

export type SessionEvent =
  | { type: 'session.signedIn'; token: SessionToken; connection: Connection }
  | { type: 'session.activity' }
  | { type: 'session.logout' }
  | { type: 'session.renew' };

export interface RedirectToLoginParams {
  inactivity: boolean;
}
