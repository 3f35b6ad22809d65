import { useEffect, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import type { CurrentAgent } from '../../lib/permissions';
import { focusRing } from '../../ui/recipes';
import { useAuth } from '../auth/auth-context';
import { PaletteProvider } from '../palette/PaletteProvider';
import { RightPanel } from '../panels/RightPanel';
import { preloadAreaOf } from '../routes';
import { OrgBanner } from './OrgBanner';
import { SideNav } from './SideNav';
import { TopBar } from './TopBar';
import { useNavCollapse } from './use-nav-collapse';

const root = css({ display: 'flex', minHeight: '100vh', bg: 'canvas', color: 'ink' });
const column = css({ flex: '1', minWidth: '0', display: 'flex', flexDirection: 'column' });
const main = css({ flex: '1', minWidth: '0', outline: 'none' });
const skip = css({
  position: 'absolute',
  left: '2',
  top: '-20',
  zIndex: 200,
  px: '3',
  py: '2',
  bg: 'white',
  color: 'brand',
  borderRadius: 'md',
  boxShadow: 'md',
  _focus: { top: '2', ...focusRing },
});

/** Activity for the inactivity logout is reported at most this often. */
const ACTIVITY_THROTTLE_MS = 5_000;

function useActivityReporter() {
  const { activity } = useAuth();
  useEffect(() => {
    let last = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      activity();
    };
    const events = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    events.forEach((e) => window.addEventListener(e, onActivity, { passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, onActivity));
  }, [activity]);
}

/**
 * The investigation areas an analyst moves between all day (alerts, cases, the data explorer's
 * entity and event pages) are fetched once the browser is idle after the shell appears, so
 * following a link from an alert to its customer does not wait for code. Only where
 * requestIdleCallback exists (not in jsdom), and never ahead of the page being shown.
 */
const WARM_PATHS = ['/alerts', '/alerts/1', '/cases', '/cases/1', '/entities/1'];

function useIdlePreload() {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const handle = window.requestIdleCallback(() => WARM_PATHS.forEach(preloadAreaOf), { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
}

/** The signed-in layout: navigation, top bar, organisation banner, page, right panel. */
export function Shell({ agent, children }: { agent: CurrentAgent; children: ReactNode }) {
  const { collapsed, toggle } = useNavCollapse();
  useActivityReporter();
  useIdlePreload();
  return (
    <PaletteProvider agent={agent} preload={preloadAreaOf}>
      <div className={root}>
        <a href="#main" className={skip}>
          Skip to content
        </a>
        <SideNav agent={agent} collapsed={collapsed} onToggle={toggle} />
        <div className={column}>
          <TopBar agent={agent} />
          <OrgBanner agent={agent} />
          <main id="main" tabIndex={-1} className={main}>
            {children}
          </main>
        </div>
        <RightPanel />
      </div>
    </PaletteProvider>
  );
}
