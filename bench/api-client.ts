/** A signed-in agent calling the real server over HTTP, as the console does (Bearer access token). */
export interface ApiClient {
  email: string;
  agentId: number;
  /** the Bearer access token (15 minutes) and when it expires, in seconds since the epoch */
  jwt: string;
  jwtExpiresAt: number;
  get: <T>(path: string) => Promise<T>;
  /** One POST; resolves with the parsed body and the wall time from sending to the last byte. */
  timedPost: <T>(path: string, body: unknown) => Promise<{ ms: number; body: T }>;
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Magic-link sign-in through the dev mailbox (the bench server runs outside production). */
export async function signIn(baseUrl: string, email: string): Promise<ApiClient> {
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const asked = await post('/api/agents/magic-link', { email });
  if (asked.status !== 202) throw new Error(`magic link for ${email}: ${asked.status}`);
  const mailbox = await json<{ messages: Array<{ link: string }> }>(await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`), 'mailbox');
  const token = new URL(mailbox.messages[0].link).searchParams.get('token');
  const session = await json<{ jwt: string; jwt_expires_at: number }>(await post('/api/agents/email-login', { token }), `email login for ${email}`);
  const auth = { authorization: `Bearer ${session.jwt}` };
  const get = async <T>(path: string) => json<T>(await fetch(`${baseUrl}${path}`, { headers: auth }), `GET ${path}`);
  const me = await get<{ id: number }>('/api/agents/me');
  return {
    email,
    agentId: me.id,
    jwt: session.jwt,
    jwtExpiresAt: session.jwt_expires_at,
    get,
    async timedPost<T>(path: string, body: unknown) {
      const started = performance.now();
      const res = await post(path, body, auth);
      const parsed = await json<T>(res, `POST ${path} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, body: parsed };
    },
  };
}
