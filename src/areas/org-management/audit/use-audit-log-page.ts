// Everything the audit log page reads and does (STYLE.md: the page renders, this hook gathers): the
// filters and page from the address, the page of entries, and the changes, each a history step so
// Back undoes them.
import { useEffect } from 'react';
import { useAddressState } from '../../../ui/use-address-state';
import { useAuditLogEntriesQuery } from '../../../api/audit/queries';
import {
  auditQuery,
  changeFilters,
  clampOffset,
  FIRST_PAGE,
  hasFilters,
  MAX_OFFSET,
  PAGE_SIZE,
  parseAuditAddress,
  serializeAuditAddress,
  type AuditFilters,
} from './audit-log.utils';

function useAuditAddress() {
  const [address, setAddress] = useAddressState(parseAuditAddress, serializeAuditAddress);
  return { address, setAddress };
}

export function useAuditLogPage() {
  const { address, setAddress } = useAuditAddress();
  const { filters, offset } = address;
  const log = useAuditLogEntriesQuery(auditQuery(filters, offset));
  const total = log.data?.total ?? 0;

  // A page past the end (an old link, or entries no longer visible) shows the last page instead;
  // replaced, so Back does not return to the empty page.
  const settled = log.data !== undefined && !log.isPlaceholderData;
  useEffect(() => {
    if (!settled) return;
    const clamped = clampOffset(offset, total);
    if (clamped !== offset) setAddress({ filters, offset: clamped }, { replace: true });
  }, [settled, offset, total, filters, setAddress]);

  const facets = log.data?.facets;
  // every action family ("impersonation.") is offered beside the actions themselves
  const families = [...new Set((facets?.actions ?? []).filter((a) => a.includes('.')).map((a) => `${a.split('.')[0]}.`))];

  return {
    filters,
    offset,
    log,
    total,
    facets,
    families,
    filtered: hasFilters(filters),
    hasPrevious: offset > 0,
    // the contract's offset stops at MAX_OFFSET; the log is unlikely to get there
    hasNext: offset + PAGE_SIZE < total && offset + PAGE_SIZE <= MAX_OFFSET,
    change: (patch: Partial<AuditFilters>) => setAddress(changeFilters(address, patch)),
    clearFilters: () => setAddress(FIRST_PAGE),
    previousPage: () => setAddress({ filters, offset: Math.max(0, offset - PAGE_SIZE) }),
    nextPage: () => setAddress({ filters, offset: offset + PAGE_SIZE }),
  };
}
