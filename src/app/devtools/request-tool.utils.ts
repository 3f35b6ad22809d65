// The request tool's rules as pure functions: which methods, which paths, and whether a body parses.

export const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type RequestMethod = (typeof REQUEST_METHODS)[number];

/** The spec's failure text (part 2, "Developer tool"). */
export const REQUEST_FAILED = 'Error! See console for details.';

export type BodyCheck = { ok: true; value: unknown } | { ok: false; message: string };

/** An empty body sends none; anything else must be JSON. */
export function checkBody(text: string): BodyCheck {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `The body is not valid JSON: ${(error as Error).message}` };
  }
}

/** Only the console's own API: a path under /api/, never another origin. */
export function checkPath(path: string): string | null {
  const trimmed = path.trim();
  if (!trimmed.startsWith('/api/')) return 'The path must start with /api/.';
  if (trimmed.includes('://') || trimmed.startsWith('//')) return 'The path must stay on this console.';
  return null;
}

/** The raw answer, indented when it is JSON so it reads; otherwise exactly as received. */
export function formatAnswer(raw: string): string {
  if (raw.trim() === '') return '(empty body)';
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

export const hasBody = (method: RequestMethod) => method === 'POST' || method === 'PUT' || method === 'DELETE';
