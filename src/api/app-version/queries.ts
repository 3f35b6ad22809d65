import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { appVersionKeys } from './keys';

export type AppVersion = components['schemas']['AppVersion'];

/** Section 9: the app version is polled every 5 minutes. */
export const APP_VERSION_POLL_MS = 5 * 60_000;

export function fetchAppVersion(): Promise<AppVersion> {
  return unwrap(api.GET('/api/app-version'));
}

/**
 * Polls the deployed version until it differs from the first one seen, then stops polling and
 * reports the console as outdated (section 4 "Other polling").
 */
// The version this page loaded with: module state, so remounting the top bar does not forget it.
const firstSeen: { current: string | null } = { current: null };

export function useOutdatedApp(): { outdated: boolean } {
  const query = useQuery({
    queryKey: appVersionKeys.current(),
    queryFn: async () => {
      const answer = await fetchAppVersion();
      firstSeen.current ??= answer.version;
      return answer;
    },
    staleTime: APP_VERSION_POLL_MS,
    refetchOnWindowFocus: false,
    refetchIntervalInBackground: true,
    refetchInterval: (q) => {
      const version = q.state.data?.version;
      return version && firstSeen.current && version !== firstSeen.current ? false : APP_VERSION_POLL_MS;
    },
  });
  const version = query.data?.version ?? null;
  return { outdated: version !== null && firstSeen.current !== null && version !== firstSeen.current };
}
