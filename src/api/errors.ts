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
