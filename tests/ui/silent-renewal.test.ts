// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderRefusal, renewWithProvider, SILENT_RENEWAL_TIMEOUT_MS } from '../../src/app/auth/silent-renewal';
import { accessDeniedDescription, isAccessDenied } from '../../machines/session.machine';

// The hidden frame's answer is what the server's callback page posts (tests/server/identity-provider.test.ts).
function frame(): HTMLIFrameElement {
  const found = document.querySelector<HTMLIFrameElement>('iframe[title="Session renewal"]');
  if (!found) throw new Error('no renewal frame');
  return found;
}

function answer(data: unknown, from: { origin?: string; source?: MessageEventSource | null } = {}) {
  window.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? window.location.origin, source: from.source ?? frame().contentWindow }));
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('silent renewal through the identity provider', () => {
  it('opens a hidden frame on the provider sign-in with prompt=none, and removes it once answered', async () => {
    const renewal = renewWithProvider();
    expect(frame().getAttribute('src')).toBe('/api/agents/oidc/authorize?prompt=none');
    expect(frame().hidden).toBe(true);
    answer({ type: 'vigil.oidc', ok: true });
    await expect(renewal).resolves.toBeUndefined();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('rejects with the provider access_denied, which the session machine recognises with its description', async () => {
    const renewal = renewWithProvider();
    answer({ type: 'vigil.oidc', ok: false, error: 'access_denied', error_description: 'Your account is suspended.' });
    const refusal = await renewal.catch((e: unknown) => e);
    expect(isAccessDenied(refusal)).toBe(true);
    expect(accessDeniedDescription(refusal)).toBe('Your account is suspended.');
  });

  it('ignores messages from other windows, other origins, or of another kind', async () => {
    const renewal = renewWithProvider();
    let settled = false;
    void renewal.then(
      () => (settled = true),
      () => (settled = true),
    );
    answer({ type: 'vigil.oidc', ok: true }, { source: window });
    answer({ type: 'vigil.oidc', ok: true }, { origin: 'https://attacker.invalid' });
    answer({ type: 'something-else', ok: true });
    await Promise.resolve();
    expect(settled).toBe(false);
    answer({ type: 'vigil.oidc', ok: false, error: 'login_required' });
    const refusal = await renewal.catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ProviderRefusal);
    expect(refusal).toMatchObject({ error: 'login_required', error_description: undefined });
    expect(isAccessDenied(refusal)).toBe(false);
  });

  it('gives up when the provider does not answer in time', async () => {
    vi.useFakeTimers();
    const renewal = renewWithProvider();
    const outcome = renewal.catch((e: unknown) => e);
    vi.advanceTimersByTime(SILENT_RENEWAL_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(Error);
    expect(document.querySelector('iframe')).toBeNull();
  });
});
