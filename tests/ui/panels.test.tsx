// @vitest-environment jsdom
import './setup-dom';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePanel } from '../../src/app/panels/panel-context';
import { formatPanelParam, parsePanelParam, withPanel } from '../../src/app/panels/panel-url';
import { clampPopup } from '../../src/app/panels/popup-geometry';
import { PanelProvider } from '../../src/app/panels/PanelProvider';
import { PANEL_VIEWS } from '../../src/app/panels/registry';
import { RightPanel } from '../../src/app/panels/RightPanel';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

function Opener() {
  const panel = usePanel();
  return (
    <>
      <button type="button" onClick={() => panel.open('entity', 5)}>
        slide
      </button>
      <button type="button" onClick={() => panel.open('transaction', 'tx-1', { at: { x: 100, y: 60 } })}>
        popup
      </button>
      <input aria-label="notes" />
    </>
  );
}

function renderPanel() {
  return render(
    <PanelProvider>
      <Opener />
      <RightPanel />
    </PanelProvider>,
  );
}

describe('panel URL', () => {
  it('round-trips view and id, and rejects unknown views', () => {
    expect(parsePanelParam('alert:123')).toEqual({ view: 'alert', id: '123' });
    expect(parsePanelParam('feature-flags')).toEqual({ view: 'feature-flags', id: null });
    expect(parsePanelParam('bogus:1')).toBeNull();
    expect(formatPanelParam({ view: 'sar', id: '9' })).toBe('sar:9');
    expect(withPanel('?status=open', { view: 'case', id: '4' })).toBe('?status=open&panel=case%3A4');
    expect(withPanel('?status=open&panel=case%3A4', null)).toBe('?status=open');
  });
  it('registers every view of the spec, the AI agent view wide', () => {
    // the spec's 18, then the FINTRAC report and the filing settings (not in the spec)
    expect(Object.keys(PANEL_VIEWS)).toHaveLength(20);
    expect(Object.keys(PANEL_VIEWS)).toEqual(expect.arrayContaining(['fintrac', 'filing-settings']));
    expect(PANEL_VIEWS['ai-agent'].wide).toBe(true);
  });
  it('keeps the popup inside the viewport', () => {
    expect(clampPopup({ x: 5000, y: -50 }, { width: 1280, height: 800 })).toEqual({ x: 1280 - 370 - 8, y: 8 });
  });
});

describe('<RightPanel>', () => {
  it('reopens from the URL and Esc on the page closes it', async () => {
    window.history.replaceState(null, '', '/alerts/1?status=open&panel=table-config:123');
    renderPanel();
    expect(await screen.findByRole('complementary', { name: 'Table configuration 123 panel' })).toBeTruthy();
    expect(await screen.findByText(/Coming soon/i)).toBeTruthy();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(window.location.pathname).toBe('/alerts/1');
    expect(window.location.search).toBe('?status=open');
  });

  it('opens as a slide-in, writes the URL, and Esc in a field does not close it', async () => {
    window.history.replaceState(null, '', '/cases');
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'slide' }));
    const panel = await screen.findByRole('complementary', { name: 'Entity 5 panel' });
    expect(panel.hasAttribute('data-panel-popup')).toBe(false);
    expect(new URLSearchParams(window.location.search).get('panel')).toBe('entity:5');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'notes' }), { key: 'Escape' });
    expect(screen.queryByRole('complementary', { name: 'Entity 5 panel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(screen.queryByRole('complementary')).toBeNull();
  });

  it('opens as a draggable popup 370 px wide and 80% high when given coordinates', async () => {
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'popup' }));
    const panel = await screen.findByRole('complementary', { name: 'Transaction tx-1 panel' });
    expect(panel.hasAttribute('data-panel-popup')).toBe(true);
    expect(panel.style.width).toBe('370px');
    expect(panel.style.height).toBe('80vh');
    expect(panel.style.left).toBe('100px');
    const handle = screen.getByRole('button', { name: /Move panel/ });
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    expect(panel.style.top).not.toBe('60px');
  });
});
