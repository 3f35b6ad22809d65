import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../api/errors';
import { AuthProvider } from './auth/AuthProvider';
import { PanelProvider } from './panels/PanelProvider';
import { ToastProvider } from './toasts/ToastProvider';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors (403, 404, 400) will not change on retry; network and 5xx errors might.
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        staleTime: 30_000,
      },
    },
  });
}

/** Everything the console needs around its routes: server cache, toasts, session, right panel. */
export function Providers({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthProvider>
          <PanelProvider>{children}</PanelProvider>
        </AuthProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
