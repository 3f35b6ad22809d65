// @vitest-environment jsdom
import './setup-dom';
import { json, net, resetNet } from './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';
import { LoginPage } from '../../src/areas/login/LoginPage';
import { isValidEmail } from '../../src/areas/login/login.utils';

function stubFetch(handler: (request: Request) => Promise<Response>) {
  const mock = vi.fn(handler);
  net.handler = mock;
  return mock;
}

const NO_PROVIDER = { configured: false, active: false, connection: null };
const GOOGLE = { configured: true, active: false, connection: 'google-oauth2' };

function renderLogin(path = '/agent-login') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const { hook } = memoryLocation({ path });
  const wrap = (ui: ReactNode) => (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Router hook={hook}>{ui}</Router>
      </ToastProvider>
    </QueryClientProvider>
  );
  return render(wrap(<LoginPage />));
}

afterEach(() => {
  cleanup();
  resetNet();
  sessionStorage.clear();
});

describe('login email validation', () => {
  it('accepts an address and rejects anything else', () => {
    expect(isValidEmail('analyst@demo.test')).toBe(true);
    expect(isValidEmail('  analyst@demo.test ')).toBe(true);
    expect(isValidEmail('analyst')).toBe(false);
    expect(isValidEmail('analyst@demo')).toBe(false);
    expect(isValidEmail('a b@demo.test')).toBe(false);
    expect(isValidEmail('')).toBe(false);
  });
});

describe('login screen', () => {
  it('shows "Please enter a valid email." for an invalid value and sends nothing', async () => {
    const fetchMock = stubFetch(async () => json(500, {}));
    renderLogin();
    fireEvent.change(screen.getByLabelText('Your work email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a magic link' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please enter a valid email.');
    expect(screen.getByLabelText('Your work email').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.filter(([r]) => r.url.includes('magic-link'))).toEqual([]);
  });

  it('shows Google disabled with the reason when no provider is configured, and keeps the Auth0 link hidden and unfocusable', async () => {
    stubFetch(async (request) => (request.url.endsWith('/api/agents/identity-provider') ? json(200, NO_PROVIDER) : json(404, {})));
    renderLogin();
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    expect(google).toHaveProperty('disabled', true);
    const hint = await screen.findByText(/Google sign-in is not available/);
    expect(google.getAttribute('aria-describedby')).toBe(hint.id);
    const auth0 = screen.getByText('Continue with Auth0');
    expect(auth0.getAttribute('tabindex')).toBe('-1');
    expect(auth0.getAttribute('aria-hidden')).toBe('true');
  });

  it('goes to "Check your email" after sending, links the dev mailbox, and re-enter keeps the address', async () => {
    const fetchMock = stubFetch(async (request: Request) => {
      if (request.url.includes('/api/agents/magic-link')) return json(202, { message: 'ok' });
      if (request.url.includes('/api/dev/mailbox')) return json(200, { messages: [] });
      return json(404, {});
    });
    renderLogin();
    fireEvent.change(screen.getByLabelText('Your work email'), { target: { value: 'analyst@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a magic link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(/is registered, you will receive a magic link/)).toBeTruthy();
    expect(screen.getByText(/check your spam folder/)).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([r]) => r.url.includes('magic-link'))![0];
    expect(await sent.json()).toEqual({ email: 'analyst@demo.test' });
    const mailbox = await screen.findByRole('link', { name: 'open the development mailbox' });
    expect(mailbox.getAttribute('href')).toBe('/dev/mailbox?to=analyst%40demo.test');

    fireEvent.click(screen.getByRole('button', { name: 'Re-enter your email' }));
    expect(screen.getByLabelText<HTMLInputElement>('Your work email').value).toBe('analyst@demo.test');
  });

  it('hides the dev mailbox link where the mailbox answers 404', async () => {
    stubFetch(async (request: Request) =>
      request.url.includes('magic-link') ? json(202, { message: 'ok' }) : json(404, { error: { code: 'not_found', message: 'x' } }),
    );
    renderLogin();
    fireEvent.change(screen.getByLabelText('Your work email'), { target: { value: 'analyst@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send me a magic link' }));
    await screen.findByRole('heading', { name: 'Check your email' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('link', { name: 'open the development mailbox' })).toBeNull();
  });

  it('logout=true shows the inactivity dialog', async () => {
    renderLogin('/agent-login?logout=true');
    expect(await screen.findByText('You have been logged out')).toBeTruthy();
    expect(screen.getByText(/your session was inactive for a while\. Please log in again\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(screen.queryByText('You have been logged out')).toBeNull());
  });

  it('shows a stored access-denied message once as an error toast', async () => {
    sessionStorage.setItem('vigil:access-denied', 'Access Denied');
    renderLogin();
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(sessionStorage.getItem('vigil:access-denied')).toBeNull();
  });

  it('enables Google when a provider is configured', async () => {
    stubFetch(async (request) => (request.url.endsWith('/api/agents/identity-provider') ? json(200, GOOGLE) : json(404, {})));
    renderLogin();
    const google = screen.getByRole('button', { name: 'Continue with Google' });
    await waitFor(() => expect(google).toHaveProperty('disabled', false));
    expect(screen.queryByText(/Google sign-in is not available/)).toBeNull();
  });

  it('shows the reason the identity provider refused as an error toast, once, and takes it out of the address', async () => {
    stubFetch(async () => json(200, { ...GOOGLE, active: true }));
    const { hook, history } = memoryLocation({
      path: '/agent-login?error=access_denied&error_description=You%20declined%20to%20share%20your%20identity.',
      record: true,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ToastProvider>
          <Router hook={hook}>
            <LoginPage />
          </Router>
        </ToastProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('You declined to share your identity.')).toBeTruthy();
    await waitFor(() => expect(history.at(-1)).toBe('/agent-login'));
    // A refusal is not followed by another trip to the provider, even when it is the active client.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveProperty('disabled', false));
    expect(screen.getByRole('button', { name: 'Send me a magic link' })).toBeTruthy();
    expect(screen.queryByText('Taking you to your identity provider')).toBeNull();
  });

  it('does not leave for the active provider while the logged-out dialog is up', async () => {
    const fetchMock = stubFetch(async () => json(200, { ...GOOGLE, active: true }));
    renderLogin('/agent-login?logout=true');
    expect(await screen.findByText('You have been logged out')).toBeTruthy();
    // The provider's answer has arrived and been rendered (behind the modal dialog, which hides the
    // page from the accessibility tree once it has mounted).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue with Google', hidden: true })).toHaveProperty('disabled', false));
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByText('Taking you to your identity provider')).toBeNull();
  });
});
