// Constants of the session seam shared by the provider and the login screen.

/** sessionStorage key of the access-denied message a failed silent renewal leaves for the login page. */
export const ACCESS_DENIED_KEY = 'vigil:access-denied';

/** Not in the spec: user input is reported at most this often (the inactivity check runs every 30 s). */
export const ACTIVITY_THROTTLE_MS = 5_000;

export const LOGIN_PATH = '/agent-login';

/** The login page, with logout=true when the session ended for inactivity (section 4). */
export function loginPath(inactivity: boolean): string {
  return inactivity ? `${LOGIN_PATH}?logout=true` : LOGIN_PATH;
}
