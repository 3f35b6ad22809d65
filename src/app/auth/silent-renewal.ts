// Silent renewal for sessions started with the identity provider (Google, SAML): a hidden frame
// asks the provider, with prompt=none, whether the person is still signed in there. The server's
// callback answers the frame with a message and, when the provider said yes, a fresh refresh cookie.
import { IDENTITY_PROVIDER_LOGIN_URL } from '../../api/sign-in/queries';

/** How long the provider may take before renewal counts as failed (the session then ends). */
export const SILENT_RENEWAL_TIMEOUT_MS = 15_000;

export interface ProviderRefusal {
  error: string;
  error_description?: string;
}

interface RenewalMessage extends Partial<ProviderRefusal> {
  type: 'vigil.oidc';
  ok: boolean;
}

function isRenewalMessage(data: unknown): data is RenewalMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'vigil.oidc';
}

/**
 * Resolves when the provider renewed the sign-in (the refresh cookie is then new); rejects with the
 * provider's { error, error_description } (access_denied among them) or with an Error on timeout.
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
      finish(() => (ok ? resolve() : reject({ error: error ?? 'server_error', error_description } satisfies ProviderRefusal)));
    };
    const timer = window.setTimeout(() => finish(() => reject(new Error('The identity provider did not answer in time'))), SILENT_RENEWAL_TIMEOUT_MS);

    window.addEventListener('message', onMessage);
    frame.src = `${IDENTITY_PROVIDER_LOGIN_URL}?prompt=none`;
    document.body.appendChild(frame);
  });
}
