// The upload form's rules. The stream name rule is the contract's StreamName pattern.
export const STREAM_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const STREAM_RULE = 'Letters, digits, underscore, dot or dash; up to 64.';
/** Spec part 2, section 8. */
export const TIMEZONES_FAILED = 'Failed to get timezone list.';
/** The contract's limit on an upload (1 GiB). */
export const MAX_UPLOAD_BYTES = 1_073_741_824;

export function uploadFormErrors({ file, stream }: { file: File | null; stream: string }): { file?: string; stream?: string } {
  const errors: { file?: string; stream?: string } = {};
  if (!file) errors.file = 'Choose a CSV file.';
  else if (file.size === 0) errors.file = 'The file is empty.';
  else if (file.size > MAX_UPLOAD_BYTES) errors.file = 'The file is larger than 1 GB.';
  if (!stream.trim()) errors.stream = 'Stream is required.';
  else if (!STREAM_PATTERN.test(stream.trim())) errors.stream = STREAM_RULE;
  return errors;
}
