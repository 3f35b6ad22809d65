// The network seam of the jsdom tests. Import it right after './setup-dom' and before anything from
// src/: openapi-fetch captures globalThis.fetch when the client module is evaluated, and imports run
// in order. Node's Request needs absolute URLs, while the console calls relative ones.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://localhost') : input, init);
  }
};

type Handler = (request: Request) => Promise<Response>;
const notFound: Handler = async () => new Response('{}', { status: 404 });

/** The handler the trampoline forwards to; each test points it at its own. */
export const net: { handler: Handler } = { handler: notFound };

globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
  net.handler(input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init));

export function resetNet() {
  net.handler = notFound;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
