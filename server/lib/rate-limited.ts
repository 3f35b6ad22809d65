import { ApiError } from './errors.js';

/**
 * A 429 that knows when the caller may try again: the server's Retry-After header carries
 * retryAfterSeconds (see security-headers.ts, which sets it on every 429).
 */
export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super('rate_limited', message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
