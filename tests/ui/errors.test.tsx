// @vitest-environment jsdom
import './setup-dom';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY } from '../../src/app/errors/chunk-error';
import { ErrorBoundary } from '../../src/app/errors/ErrorBoundary';
import { NotFoundPage, pageReload } from '../../src/app/errors/ErrorPages';
import { lazyWithReload } from '../../src/app/errors/lazy-with-reload';
import { area } from '../../src/app/routes';
import { CHUNK_ERROR_TEXT, RUNTIME_ERROR_TEXT } from '../../src/app/errors/texts';
import { recordVisit } from '../../src/app/navigation-history';

let reloads = 0;
beforeEach(() => {
  reloads = 0;
  pageReload.run = () => {
    reloads += 1;
  };
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <p>recovered</p>;
}

describe('runtime error boundary', () => {
  it('shows the fallback, tries again, and resets on navigation', () => {
    shouldThrow = true;
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toBe(RUNTIME_ERROR_TEXT);
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloads).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('alert')).toBeTruthy();

    shouldThrow = false;
    rerender(
      <ErrorBoundary resetKey="/b">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('recovered')).toBeTruthy();
  });
});

describe('lazy-load failure', () => {
  async function renderBroken() {
    const Broken = lazyWithReload<() => null>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <ErrorBoundary resetKey="/x">
        <Suspense fallback={<p>loading</p>}>
          <Broken />
        </Suspense>
      </ErrorBoundary>,
    );
    await act(async () => {
      await Promise.resolve();
    });
  }

  it('reloads once by itself, then asks and suggests support', async () => {
    await renderBroken();
    expect(await screen.findByText(CHUNK_ERROR_TEXT)).toBeTruthy();
    expect(reloads).toBe(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
  });

  it('does not reload again when the reload did not help', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    await renderBroken();
    expect(await screen.findByText(CHUNK_ERROR_TEXT)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeTruthy();
    expect(reloads).toBe(0);
  });

  it('a module that loads clears the flag', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    const Fine = lazyWithReload(() => Promise.resolve({ default: () => <p>fine</p> }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Fine />
      </Suspense>,
    );
    expect(await screen.findByText('fine')).toBeTruthy();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('a module loaded ahead renders at once, without showing the fallback', async () => {
    let loads = 0;
    const Ahead = lazyWithReload(async () => {
      loads += 1;
      return { default: () => <p>ready</p> };
    });
    await Ahead.preload();
    await Ahead.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Ahead />
      </Suspense>,
    );
    // Synchronously: no suspension, so React's fallback throttle never holds it back.
    expect(screen.getByText('ready')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it("an area whose page was preloaded (the palette's highlighted route) renders at once, from one import", async () => {
    let loads = 0;
    const preloaded: string[] = [];
    const Area = area(async () => {
      loads += 1;
      return { default: () => <p>area ready</p>, preloadPage: (id: string) => void preloaded.push(id) };
    });
    Area.preloadPage('notifications');
    await act(async () => {
      await Promise.resolve();
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Area routeId="notifications" params={{}} />
      </Suspense>,
    );
    expect(screen.getByText('area ready')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(loads).toBe(1);
    expect(preloaded).toEqual(['notifications']);
  });
});

describe('not-found page', () => {
  it('offers "Take me home" without a previous page, else a link back to it', () => {
    window.history.replaceState(null, '', '/nowhere');
    const { unmount } = render(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Take me home' }).getAttribute('href')).toBe('/');
    unmount();
    recordVisit('/cases?status=open');
    render(<NotFoundPage />);
    expect(screen.getByRole('link', { name: 'Go back to the previous page' }).getAttribute('href')).toBe('/cases?status=open');
  });
});
