// The Processing Errors panel's rules (spec part 2, sections 2, 8 and 9): errors grouped by type,
// unknown errors shown at most 10, the debug failure text, and the Download JSON document.
import type { DatafileErrors, FlatFile, FlatFileError, FlatFileErrorType } from '../../../../api/flat-files/queries';

/** Spec part 2, section 9: "Unknown flat-file errors shown: 10". */
export const UNKNOWN_ERRORS_SHOWN = 10;
/** Not in the spec: instances of any other type shown in the panel; Download JSON has them all. */
export const ERRORS_SHOWN = 25;
/** Errors the panel reads (the first page of the file's errors). */
export const ERRORS_READ = 1_000;
/** Spec part 2, section 8. */
export const DEBUG_FAILED = 'Failed to debug file.';

/** In the order of the spec's error catalogue. */
export const ERROR_TYPES: readonly { type: FlatFileErrorType; label: string }[] = [
  { type: 'conditional_required_field_error', label: 'Conditional required field errors' },
  { type: 'transformation_error', label: 'Transformation errors' },
  { type: 'mapping_error', label: 'Mapping errors' },
  { type: 'excessive_object_error', label: 'Excessive object errors' },
  { type: 'directionality_error', label: 'Directionality errors' },
  { type: 'unknown_error', label: 'Unknown errors' },
];

export interface ErrorGroup {
  type: FlatFileErrorType;
  label: string;
  /** every occurrence in the run (from the execution's summary, else what was read) */
  total: number;
  /** the instances the panel shows */
  shown: FlatFileError[];
}

type Groups = DatafileErrors['errors'];

/**
 * Groups the instances read by type. `summary` is the execution's errors (one item per type with
 * its count), which knows how many there are beyond the page read.
 */
export function groupErrors(read: Groups | undefined, summary: Groups | undefined): ErrorGroup[] {
  const instances = read ? [...read.annotation_transformation_exceptions, ...read.unhandled_exceptions] : [];
  const summed = summary ? [...summary.annotation_transformation_exceptions, ...summary.unhandled_exceptions] : [];
  return ERROR_TYPES.flatMap(({ type, label }) => {
    const ofType = instances.filter((e) => e.type === type);
    const counted = summed.filter((e) => e.type === type).reduce((sum, e) => sum + e.count, 0);
    const total = Math.max(
      counted,
      ofType.reduce((sum, e) => sum + e.count, 0),
    );
    if (total === 0) return [];
    const cap = type === 'unknown_error' ? UNKNOWN_ERRORS_SHOWN : ERRORS_SHOWN;
    return [{ type, label, total, shown: ofType.slice(0, cap) }];
  });
}

/** The Download JSON document: the file, its latest run's counts and every error of that run. */
export function errorsDocument(file: FlatFile, all: DatafileErrors) {
  const run = file.latest_execution;
  return {
    file_id: file.id,
    file_name: file.file_name,
    stream: file.stream,
    object_type: file.object_type,
    status: file.status,
    latest_execution: run
      ? {
          queued_at: run.queued_at,
          finished_at: run.finished_at,
          success_count: run.success_count,
          failure_count: run.failure_count,
          skip_count: run.skip_count,
          total_count: run.total_count,
          is_dry_run: run.is_dry_run,
        }
      : null,
    total: all.total,
    errors: all.errors,
  };
}

/** "payments.csv" -> "payments-errors.json" */
export function errorsFileName(file: Pick<FlatFile, 'file_name' | 'id'>): string {
  const base = file.file_name.replace(/\.[^.]*$/, '') || `file-${file.id}`;
  return `${base}-errors.json`;
}

/** The stream's mapping for the file's object type, on the data-mapping page. */
export function mappingHref(file: Pick<FlatFile, 'stream' | 'object_type'>): string {
  const query = new URLSearchParams({ tab: 'stream-mapping', stream: file.stream, object: file.object_type });
  return `/data-management/data-mapping?${query.toString()}`;
}
