// Validation and copy of the login screens (spec part 1, sections 2, 5 and 8).

/** Section 5: the message for an invalid login email. */
export const INVALID_EMAIL = 'Please enter a valid email.';

/** Section 8: the inactivity logout dialog's message. */
export const INACTIVITY_MESSAGE = 'For your security, you were logged out because your session was inactive for a while. Please log in again.';

/** One address: something@something.tld, no spaces. Deliberately loose; the server validates too. */
export function isValidEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}

/** The development mailbox page (served by the server, not the console) for one address. */
export function devMailboxHref(email: string): string {
  return `/dev/mailbox?to=${encodeURIComponent(email)}`;
}
