// The access token the client attaches to each call. The session machine hands it over through
// setAccessToken; it lives apart from the client so that the shell can set it without reaching
// for the client itself (only src/api calls the server).
let accessToken: string | null = null;

/** The session machine hands the current access token here; the client attaches it to each call. */
export function setAccessToken(token: string | null) {
  accessToken = token;
}

export function currentAccessToken(): string | null {
  return accessToken;
}
