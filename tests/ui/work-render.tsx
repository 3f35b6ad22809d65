// Rendering the work widgets in jsdom with what the console wraps them in: the query cache, toasts,
// a router and the signed-in agent (as GET /api/agents/me answers it on the real server).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthContext, type Auth, type CurrentAgent } from '../../src/app/auth/auth-context';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';

export function renderWork(ui: ReactNode, agent: CurrentAgent | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const { hook } = memoryLocation({ path: '/alerts' });
  const auth: Auth = {
    status: 'signedIn',
    agent,
    permissionsLoading: false,
    logout: () => {},
    signIn: () => {},
    activity: () => {},
  };
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <ToastProvider>
          <Router hook={hook}>{ui}</Router>
        </ToastProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}
