// @vitest-environment jsdom
import './setup-dom';
import { json, net } from './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../src/app/auth/auth-context';
import { AuthProvider } from '../../src/app/auth/AuthProvider';
import { makeAgent } from './fixtures';

const agent = makeAgent(['read_alerts'], { settings: { inactivity: { enabled: true, time_seconds: 60 }, home_route: null, data_store: 'PG' } });

function Probe() {
  const auth = useAuth();
  return (
    <div>
      <p data-testid="status">{auth.status}</p>
      <p data-testid="agent">{auth.agent?.full_name ?? 'none'}</p>
      <p data-testid="loading">{String(auth.permissionsLoading)}</p>
      <button
        type="button"
        onClick={() => auth.signIn({ jwt: 'jwt-1', jwt_expires_at: Math.floor(Date.now() / 1000) + 3600, refresh_token_expires: 86400 }, 'email')}
      >
        sign in
      </button>
      <button type="button" onClick={() => auth.logout()}>
        log out
      </button>
    </div>
  );
}

function renderAuth() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

let calls: Array<{ method: string; path: string; auth: string | null }>;
beforeEach(() => {
  calls = [];
  window.history.replaceState(null, '', '/alerts');
  net.handler = async (request) => {
    const url = new URL(request.url);
    calls.push({ method: request.method, path: url.pathname, auth: request.headers.get('Authorization') });
    if (url.pathname === '/api/agents/refresh-jwt') return json(401, { error: { code: 'unauthorized', message: 'No session' } });
    if (url.pathname === '/api/agents/me') return json(200, agent);
    if (url.pathname === '/api/agents/logout') return new Response(null, { status: 204 });
    return json(404, {});
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AuthProvider on the session machine', () => {
  it('restores to signedOut without a refresh cookie, signs in, loads the agent and logs out', async () => {
    renderAuth();
    expect(screen.getByTestId('status').textContent).toBe('restoring');
    await flush();
    expect(screen.getByTestId('status').textContent).toBe('signedOut');

    await act(async () => screen.getByText('sign in').click());
    await flush();
    expect(screen.getByTestId('status').textContent).toBe('signedIn');
    expect(screen.getByTestId('agent').textContent).toBe('Avery Analyst');
    expect(screen.getByTestId('loading').textContent).toBe('false');
    expect(calls.find((c) => c.path === '/api/agents/me')?.auth).toBe('Bearer jwt-1');

    await act(async () => screen.getByText('log out').click());
    await flush();
    expect(screen.getByTestId('status').textContent).toBe('signedOut');
    expect(calls.find((c) => c.path === '/api/agents/logout')).toMatchObject({ method: 'POST', auth: 'Bearer jwt-1' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/agent-login');
  });

  it('logs out for inactivity with logout=true, and user input postpones it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    renderAuth();
    await flush();
    await act(async () => screen.getByText('sign in').click());
    await flush();
    expect(screen.getByTestId('status').textContent).toBe('signedIn');

    // 30 s checks against a 60 s limit: at 45 s the agent acts, so the 90 s check still finds them active.
    await act(async () => vi.advanceTimersByTime(45_000));
    await act(async () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    await act(async () => vi.advanceTimersByTime(45_000));
    await flush();
    expect(screen.getByTestId('status').textContent).toBe('signedIn');

    await act(async () => vi.advanceTimersByTime(30_000));
    await flush();
    expect(screen.getByTestId('status').textContent).toBe('signedOut');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/agent-login?logout=true');
  });
});
