import { useLocation } from 'wouter';
import { AppRoutes } from './AppRoutes';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { Providers } from './providers';

/** The console: providers around the routes, with a last-resort boundary around everything. */
export function App() {
  const [pathname] = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Providers>
        <AppRoutes />
      </Providers>
    </ErrorBoundary>
  );
}
