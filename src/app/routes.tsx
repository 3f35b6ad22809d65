// The route table with the code of its areas: every route of src/app/route-table.ts, and one lazily
// loaded module per area. Only the shell imports this module. Areas import the plain table (or
// routes.types) instead, because this module imports every area (tests/ui/import-graph.test.ts).
import type { ComponentType } from 'react';
import { findRoute } from '../lib/permissions';
import { lazyWithReload, type PreloadableComponent } from './errors/lazy-with-reload';
import { ROUTES } from './route-table';
import type { AreaName, AreaProps } from './routes.types';

export * from './route-table';

/**
 * Fetches the code of the area a path opens, if any, and of the page it shows there (an area
 * whose detail pages are chunks of their own exports `preloadPage`), so opening it does not wait
 * for the network.
 */
export function preloadAreaOf(path: string): void {
  const route = findRoute(ROUTES, path.split(/[?#]/)[0])?.route;
  if (route?.area) AREAS[route.area].preloadPage(route.id);
}

/** An area folder's index module. */
interface AreaModule {
  default: ComponentType<AreaProps>;
  /** Fetches the page a route of the area shows, when the area loads it separately. */
  preloadPage?: (routeId: string) => void;
}

export type Area = PreloadableComponent<AreaProps> & { preloadPage: (routeId: string) => void };

/** An area loaded on first use or ahead of it; exported for its test. */
export const area = (load: () => Promise<AreaModule>): Area => {
  // one import for the component and for its pages' preloading
  let module: Promise<AreaModule> | undefined;
  const loadOnce = () => (module ??= load());
  const component = lazyWithReload(loadOnce);
  return Object.assign(component, {
    preloadPage: (routeId: string) => {
      // Through the component's preload, so it renders without suspending once the module is in
      // (a suspension holds the page back for React's 300 ms fallback throttle); a failed load is
      // reported when the area renders (lazyWithReload).
      void component.preload();
      void loadOnce().then(
        (m) => m.preloadPage?.(routeId),
        () => undefined,
      );
    },
  });
};

/** One lazily loaded module per area folder; `preload()` fetches one ahead, e.g. when the palette highlights its route. */
export const AREAS: Record<AreaName, Area> = {
  login: area(() => import('../areas/login')),
  alerts: area(() => import('../areas/alerts')),
  cases: area(() => import('../areas/cases')),
  lists: area(() => import('../areas/lists')),
  rules: area(() => import('../areas/rules')),
  filings: area(() => import('../areas/filings')),
  dashboards: area(() => import('../areas/dashboards')),
  'data-explorer': area(() => import('../areas/data-explorer')),
  'data-management': area(() => import('../areas/data-management')),
  'risk-ratings': area(() => import('../areas/risk-ratings')),
  ai: area(() => import('../areas/ai')),
  people: area(() => import('../areas/people')),
  operations: area(() => import('../areas/operations')),
  reporting: area(() => import('../areas/reporting')),
  'org-management': area(() => import('../areas/org-management')),
  'ai-admin': area(() => import('../areas/ai-admin')),
  'rules-admin': area(() => import('../areas/rules-admin')),
  notifications: area(() => import('../areas/notifications')),
  crash: area(() => import('../areas/crash')),
};
