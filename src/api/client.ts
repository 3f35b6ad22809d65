import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';

/** The one error type every call raises: the contract's Error body plus the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Array<{ path?: string; message: string }> = [],
    readonly requestId: string | null = null,
  ) {
    super(message);
  }
}

let accessToken: string | null = null;

/** The session machine hands the current access token here; the client attaches it to each call. */
export function setAccessToken(token: string | null) {
  accessToken = token;
}

const auth: Middleware = {
  onRequest({ request }) {
    if (accessToken) request.headers.set('Authorization', `Bearer ${accessToken}`);
    request.headers.set('X-Request-Id', crypto.randomUUID());
    return request;
  },
};

export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use(auth);

/** Unwraps an openapi-fetch result, raising ApiError for anything but success. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const body = (error ?? {}) as { error?: { code?: string; message?: string; details?: Array<{ path?: string; message: string }> } };
  throw new ApiError(
    response.status,
    body.error?.code ?? 'internal_error',
    body.error?.message ?? response.statusText,
    body.error?.details ?? [],
    response.headers.get('x-request-id'),
  );
}
