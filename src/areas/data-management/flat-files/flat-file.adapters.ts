// The wire's flat file as the machine's facts (machines/flatFile.types.ts).
import type { FlatFileFacts } from '../../../../machines/flatFile.types';
import type { FlatFile } from '../../../api/flat-files/queries';

export function factsOf(file: FlatFile): FlatFileFacts {
  const run = file.latest_execution;
  return {
    status: file.status,
    isDryRun: run?.is_dry_run ?? file.is_dry_run,
    successCount: run?.success_count ?? 0,
    failureCount: run?.failure_count ?? 0,
    totalCount: run?.total_count ?? 0,
  };
}

export const OBJECT_TYPE_LABELS = {
  transactions: 'Transactions',
  entities: 'Entities',
  instruments: 'Instruments',
  action_events: 'Action events',
} as const satisfies Record<FlatFile['object_type'], string>;

/** "1.2 MB" */
export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
