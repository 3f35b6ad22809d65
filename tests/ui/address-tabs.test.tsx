// @vitest-environment jsdom
// The tabs kept in the address (src/ui/AddressTabs.tsx), shared by user management, the agent
// profile and the data mapping page: ?tab= names the tab, the first leaves it out, other parameters
// stay; arrow keys move selection and focus; the panel is labelled by the chosen tab.
import './setup-dom';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressTabs, tabFromSearch, useAddressTab } from '../../src/ui/AddressTabs';

const TABS = ['details', 'teams', 'notifications'] as const;
const LABELS = { details: 'Details', teams: 'Teams', notifications: 'Notifications' } as const;

function Page({ inHeader = false }: { inHeader?: boolean }) {
  const tab = useAddressTab(TABS);
  return (
    <AddressTabs
      tabs={TABS}
      labels={LABELS}
      label="Agent profile"
      idPrefix="people-tab"
      layout={
        inHeader
          ? (tabList, panel) => (
              <>
                <header>{tabList}</header>
                {panel}
              </>
            )
          : undefined
      }
    >
      <p>Showing {tab}</p>
    </AddressTabs>
  );
}

function renderAt(path: string, inHeader = false) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Page inHeader={inHeader} />
    </Router>,
  );
  return location;
}

const selected = () =>
  screen
    .getAllByRole('tab')
    .filter((t) => t.getAttribute('aria-selected') === 'true')
    .map((t) => t.textContent);

afterEach(cleanup);

describe('tabs kept in the address', () => {
  it('reads ?tab=, and falls back to the first tab for none or an unknown one', () => {
    expect(tabFromSearch(TABS, '')).toBe('details');
    expect(tabFromSearch(TABS, 'tab=teams&x=1')).toBe('teams');
    expect(tabFromSearch(TABS, 'tab=nope')).toBe('details');
  });

  it('opens the tab a link names, with the panel labelled by it', () => {
    renderAt('/agents/7?tab=teams');
    expect(selected()).toEqual(['Teams']);
    const panel = screen.getByRole('tabpanel', { name: 'Teams' });
    expect(panel.id).toBe('people-tab-panel');
    expect(panel).toHaveProperty('textContent', 'Showing teams');
    const tab = screen.getByRole('tab', { name: 'Teams' });
    expect(tab.id).toBe('people-tab-teams');
    expect(tab.getAttribute('aria-controls')).toBe('people-tab-panel');
    expect(tab.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Details' }).tabIndex).toBe(-1);
    expect(screen.getByRole('tablist', { name: 'Agent profile' })).toBeTruthy();
  });

  it('puts the tab in the address, one history step each, keeping other parameters; the first tab leaves ?tab= out', () => {
    const location = renderAt('/agents/7?panel=permissions:7');
    expect(selected()).toEqual(['Details']);
    fireEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(selected()).toEqual(['Notifications']);
    fireEvent.click(screen.getByRole('tab', { name: 'Details' }));
    expect(selected()).toEqual(['Details']);
    expect(location.history).toEqual(['/agents/7?panel=permissions:7', '/agents/7?panel=permissions%3A7&tab=notifications', '/agents/7?panel=permissions%3A7']);
  });

  it('moves selection and focus with the arrow keys, wrapping at both ends', () => {
    renderAt('/agents/7', true);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Details').focus();
    fireEvent.keyDown(tab('Details'), { key: 'ArrowLeft' });
    expect(selected()).toEqual(['Notifications']);
    expect(document.activeElement).toBe(tab('Notifications'));
    fireEvent.keyDown(tab('Notifications'), { key: 'ArrowRight' });
    expect(selected()).toEqual(['Details']);
    expect(document.activeElement).toBe(tab('Details'));
    fireEvent.keyDown(tab('Details'), { key: 'ArrowRight' });
    expect(selected()).toEqual(['Teams']);
    expect(document.activeElement).toBe(tab('Teams'));
    fireEvent.keyDown(tab('Teams'), { key: 'Enter' });
    expect(selected()).toEqual(['Teams']);
  });

  it('lets a page put the tab list in its header, the panel after it', () => {
    renderAt('/agents/7', true);
    const header = screen.getByRole('banner');
    expect(header.contains(screen.getByRole('tablist'))).toBe(true);
    expect(header.contains(screen.getByRole('tabpanel'))).toBe(false);
    expect(header.nextElementSibling).toBe(screen.getByRole('tabpanel'));
  });
});
