// The one HTTP client of the console, typed from the contract. Only modules under src/api import
// it: everything else calls the server through their queries and mutations.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import { currentAccessToken } from './access-token';
import { ApiError } from './errors';

const auth: Middleware = {
  onRequest({ request }) {
    const token = currentAccessToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
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
