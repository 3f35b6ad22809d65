// The login gate, the route guard and the page renderer. One matcher (findRoute) decides which
// route a path is, for rendering, guarding, the navigation and the home redirect alike.
import { Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { css } from '../../styled-system/css';
import { findRoute, guardOutcome, lastRouteKey, resolveHome, type CurrentAgent, type RouteParams } from '../lib/permissions';
import { readStorage, writeStorage } from '../lib/storage';
import { LoadingState } from '../ui/LoadingState';
import { useAuth } from './auth/auth-context';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { GenericErrorPage, NotFoundPage } from './errors/ErrorPages';
import { lazyWithReload } from './errors/lazy-with-reload';
import { recordVisit } from './navigation-history';
import { AREAS, NOT_FOUND_PAGE, pageTitle, ROUTES } from './routes';
import type { AppRoute } from './routes.types';

export const LOGIN_PATH = '/agent-login';

// The signed-in shell (top bar, navigation, palette, panels) is a chunk of its own: the login page
// never shows it, and its JavaScript would otherwise delay the login page (docs/benchmarks.md).
const loadShell = () => import('./layout/Shell');
const Shell = lazyWithReload(() => loadShell().then((m) => ({ default: m.Shell })));

const bare = css({ minHeight: '100vh', bg: 'canvas', color: 'ink', display: 'flex', flexDirection: 'column' });
const fullPage = css({ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bg: 'canvas' });

function usePageTitle(page: string) {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}

function useFullLocation(): string {
  const [pathname] = useLocation();
  const search = useSearch();
  return search ? `${pathname}?${search}` : pathname;
}

function BareLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className={bare}>
      {children}
    </main>
  );
}

function AreaView({ route, params }: { route: AppRoute; params: RouteParams }) {
  if (!route.area) return null;
  const Area = AREAS[route.area];
  return (
    <Suspense fallback={<LoadingState />}>
      <Area routeId={route.id} params={params} />
    </Suspense>
  );
}

// The last saved route counts only for the first home redirect after opening the console or signing
// in; later, "home" (the logo) means the agent's home, not the page they were just on.
let homeResolvedOnce = false;

function HomeRedirect({ agent }: { agent: CurrentAgent }) {
  const target = useMemo(() => resolveHome(ROUTES, agent, homeResolvedOnce ? null : readStorage('local', lastRouteKey(agent.id))), [agent]);
  useEffect(() => {
    homeResolvedOnce = true;
  }, []);
  return <Redirect to={target} replace />;
}

function AllowedRoute({ route, params, agent }: { route: AppRoute; params: RouteParams; agent: CurrentAgent }) {
  const location = useFullLocation();
  usePageTitle(route.page);
  useEffect(() => {
    if (route.remember === false) return;
    recordVisit(location);
    writeStorage('local', lastRouteKey(agent.id), location);
  }, [route, location, agent.id]);

  if (route.screen === 'home') return <HomeRedirect agent={agent} />;
  if (route.screen === 'error') return <GenericErrorPage />;
  return <AreaView route={route} params={params} />;
}

function NotFound() {
  usePageTitle(NOT_FOUND_PAGE);
  return <NotFoundPage />;
}

function GuardedPage({ agent }: { agent: CurrentAgent }) {
  const [pathname] = useLocation();
  const found = findRoute(ROUTES, pathname);
  if (!found) return <NotFound />;
  const outcome = guardOutcome(found.route.guard, agent);
  if (outcome === 'home') return <Redirect to="/" replace />;
  if (outcome === 'error') return <Redirect to="/error" replace />;
  return <AllowedRoute route={found.route} params={found.params} agent={agent} />;
}

function PublicPage({ route, params }: { route: AppRoute; params: RouteParams }) {
  usePageTitle(route.page);
  return (
    <BareLayout>
      <AreaView route={route} params={params} />
    </BareLayout>
  );
}

export function AppRoutes() {
  const [pathname] = useLocation();
  const auth = useAuth();
  const found = findRoute(ROUTES, pathname);

  useEffect(() => {
    if (auth.status === 'signedOut') homeResolvedOnce = false;
    // Fetch the shell while the agent's permissions load, not after.
    if (auth.status === 'signedIn') void loadShell();
  }, [auth.status]);

  if (auth.status === 'restoring' || auth.permissionsLoading) {
    return (
      <div className={fullPage}>
        <LoadingState label={auth.status === 'restoring' ? 'Restoring your session' : 'Loading your workspace'} />
      </div>
    );
  }

  if (found?.route.public) {
    // A signed-in agent has no business on the login form; the token exchange page decides itself.
    if (auth.status === 'signedIn' && found.route.path === LOGIN_PATH) return <Redirect to="/" replace />;
    return <PublicPage route={found.route} params={found.params} />;
  }

  // Login gate: everything else needs a session.
  if (auth.status === 'signedOut') return <Redirect to={LOGIN_PATH} replace />;

  if (!auth.agent) {
    return (
      <BareLayout>
        <GenericErrorPage />
      </BareLayout>
    );
  }

  return (
    <Suspense
      fallback={
        <div className={fullPage}>
          <LoadingState label="Loading your workspace" />
        </div>
      }
    >
      <Shell agent={auth.agent}>
        <ErrorBoundary resetKey={pathname}>
          <GuardedPage agent={auth.agent} />
        </ErrorBoundary>
      </Shell>
    </Suspense>
  );
}
