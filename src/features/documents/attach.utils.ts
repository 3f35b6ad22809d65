// Which media type a picked file is sent with, and what is wrong with it before it is sent (the
// server checks the same: type, emptiness, 10 MiB).
import { ATTACH_EMPTY, ATTACH_MAX_BYTES, ATTACH_TOO_LARGE, ATTACH_TYPE_REFUSED } from './documents.constants';

export const ATTACHMENT_MIME_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  csv: 'text/csv',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export type AttachmentMime = (typeof ATTACHMENT_MIME_TYPES)[keyof typeof ATTACHMENT_MIME_TYPES];

const ALLOWED = new Set<string>(Object.values(ATTACHMENT_MIME_TYPES));

/** The file picker's accept list. */
export const ATTACH_ACCEPT = [...Object.keys(ATTACHMENT_MIME_TYPES).map((ext) => `.${ext}`), ...ALLOWED].join(',');

/**
 * The media type to send: the browser's when it is one the server takes, else the one the name's
 * extension says (browsers report CSV as Excel's type on some systems, and nothing for unknown types).
 */
export function attachmentMime(file: Pick<File, 'name' | 'type'>): AttachmentMime | null {
  const reported = file.type.toLowerCase();
  if (ALLOWED.has(reported)) return reported as AttachmentMime;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return (ATTACHMENT_MIME_TYPES as Record<string, AttachmentMime>)[ext] ?? null;
}

/** Why the file cannot be attached, or null. */
export function attachProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!attachmentMime(file)) return ATTACH_TYPE_REFUSED;
  if (file.size === 0) return ATTACH_EMPTY;
  if (file.size > ATTACH_MAX_BYTES) return ATTACH_TOO_LARGE;
  return null;
}
