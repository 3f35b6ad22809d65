// A list page's state kept in the address (its query string): read from it, and written back as a
// history entry of its own (or in place of the current one), so Back steps through the changes and
// a copied link opens the same view. Writing what the address already says does nothing.
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export function useAddressState<S>(parse: (search: string) => S, serialize: (next: S, search: string) => string) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const state = useMemo(() => parse(search), [parse, search]);
  const setState = useCallback(
    (next: S, options?: { replace?: boolean }) => {
      const qs = serialize(next, search);
      if (qs.replace(/^\?/, '') === search) return;
      navigate(`${location}${qs}`, { replace: options?.replace ?? false });
    },
    [location, navigate, search, serialize],
  );
  return [state, setState] as const;
}
