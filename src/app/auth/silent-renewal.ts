// Silent renewal for sessions started with the identity provider (Google, SAML): a hidden frame
// asks the provider, with prompt=none, whether the person is still signed in there. The server's
// callback answers the frame with a message and, when the provider said yes, a fresh refresh cookie.
import { IDENTITY_PROVIDER_LOGIN_URL } from '../../api/sign-in/queries';

/** How long the provider may take before renewal counts as failed (the session then ends). */
export const SILENT_RENEWAL_TIMEOUT_MS = 15_000;

/** The provider's answer when it would not renew: its OAuth `error` (access_denied among them) and `error_description`. */
export class ProviderRefusal extends Error {
  constructor(
    readonly error: string,
    readonly error_description?: string,
  ) {
    super(error_description ? `${error}: ${error_description}` : error);
    this.name = 'ProviderRefusal';
  }
}

interface RenewalMessage {
  type: 'vigil.oidc';
  ok: boolean;
  error?: string;
  error_description?: string;
}

function isRenewalMessage(data: unknown): data is RenewalMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'vigil.oidc';
}

/**
 * Resolves when the provider renewed the sign-in (the refresh cookie is then new); rejects with a
 * ProviderRefusal carrying the provider's error and error_description, or with an Error on timeout.
 */
export function renewWithProvider(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.hidden = true;
    frame.title = 'Session renewal';
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;

    const finish = (settle: () => void) => {
      window.clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      frame.remove();
      settle();
    };
    const onMessage = (event: MessageEvent) => {
      // Only the frame we opened, served by this origin, may answer.
      if (event.origin !== window.location.origin || event.source !== frame.contentWindow || !isRenewalMessage(event.data)) return;
      const { ok, error, error_description } = event.data;
      finish(() => (ok ? resolve() : reject(new ProviderRefusal(error ?? 'server_error', error_description))));
    };
    const timer = window.setTimeout(() => finish(() => reject(new Error('The identity provider did not answer in time'))), SILENT_RENEWAL_TIMEOUT_MS);

    window.addEventListener('message', onMessage);
    frame.src = `${IDENTITY_PROVIDER_LOGIN_URL}?prompt=none`;
    document.body.appendChild(frame);
  });
}
