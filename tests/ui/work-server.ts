// Component tests of the work widgets talk to the real server and a real database: the fetch seam
// of the jsdom tests (./fetch-stub) forwards every call of the console's client to the server of
// ./work-server-cli.ts (its own process, a private copy of the seeded database), signed in as a demo
// agent through the magic link. Import after './setup-dom' and './fetch-stub'.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';
import { setAccessToken } from '../../src/api/access-token';
import { net } from './fetch-stub';

export interface RecordedCall {
  method: string;
  path: string;
  /** the query string, with its "?" ("" when none) */
  search: string;
  body: unknown;
  status: number;
}

export interface WorkServer {
  /** Every call the console made, in order. */
  calls: RecordedCall[];
  /** Signs in as another demo agent: later calls carry that agent's token. */
  signInAs: (email: string) => Promise<string>;
  /** Runs one SQL statement (one line) on the server's database; the rows it answers. */
  sql: <T = Record<string, unknown>>(statement: string) => Promise<T[]>;
  /** A call made by the test itself (not recorded), as the signed-in agent. */
  api: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;
  close: () => Promise<void>;
}

function forward(base: URL, method: string, path: string, headers: Record<string, string>, body: string | undefined) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(new URL(path, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out[k] = v;
        resolve({ status: res.statusCode ?? 500, headers: out, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export async function startWorkServer(email: string): Promise<WorkServer> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', 'tests/ui/work-server-cli.ts'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
  const waiting: Array<(message: any) => void> = [];
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (!line.startsWith('{')) return;
    waiting.shift()?.(JSON.parse(line));
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const next = () =>
    new Promise<any>((resolve, reject) => {
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`test server exited (${code}): ${stderr}`)));
    });

  const ready = await next();
  const base = new URL(ready.url);
  const calls: RecordedCall[] = [];
  let token = '';

  const server: WorkServer = {
    calls,
    async signInAs(who) {
      child.stdin.write(`signin ${who}\n`);
      const answer = await next();
      if (!answer.token) throw new Error(`sign-in of ${who} failed: ${answer.error}`);
      token = answer.token;
      setAccessToken(token);
      return token;
    },
    async sql(statement) {
      child.stdin.write(`sql ${statement.replace(/\s+/g, ' ')}\n`);
      const answer = await next();
      if (answer.error) throw new Error(`sql failed: ${answer.error}`);
      return answer.rows;
    },
    async api(method, path, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const res = await forward(base, method, path, headers, payload);
      const text = res.body.toString();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    },
    async close() {
      setAccessToken(null);
      child.stdin.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
  await server.signInAs(email);

  net.handler = async (request) => {
    const url = new URL(request.url);
    const raw = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const text = raw === '' ? undefined : raw;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    // a body-less POST goes with an empty length, as a browser sends it, not as an empty chunked body
    if (text === undefined && request.method !== 'GET' && request.method !== 'HEAD') headers['content-length'] = '0';
    const answer = await forward(base, request.method, `${url.pathname}${url.search}`, headers, text);
    calls.push({ method: request.method, path: url.pathname, search: url.search, body: text ? JSON.parse(text) : undefined, status: answer.status });
    return new Response(answer.status === 204 ? null : new Uint8Array(answer.body), { status: answer.status, headers: answer.headers });
  };
  return server;
}
