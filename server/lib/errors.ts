/** The one error type handlers throw; the error handler turns it into the contract's Error body. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'payload_too_large'
  | 'uri_too_long'
  | 'unsupported_media_type'
  | 'not_implemented'
  | 'internal_error'
  | 'single_active_risk_model_error';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  not_implemented: 501,
  internal_error: 500,
  single_active_risk_model_error: 409,
};

export interface ErrorDetail {
  path?: string;
  message: string;
}

export class ApiError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new ApiError('not_found', `${what} not found`);
export const badRequest = (message: string, details: ErrorDetail[] = []) => new ApiError('bad_request', message, details);
export const forbidden = (message = 'You do not have permission to do this') => new ApiError('forbidden', message);
export const conflict = (message: string) => new ApiError('conflict', message);

export function errorBody(code: ErrorCode, message: string, details: ErrorDetail[] = []) {
  return { error: { code, message, details } };
}
