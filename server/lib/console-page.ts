import { readFile } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { ServerConfig } from '../config.js';
import { consolePolicy, newNonce } from './security-headers.js';

/**
 * Sends the console's page (the built index.html) for any of its client-side routes, with a fresh
 * nonce in its policy and in a <meta property="csp-nonce"> the console reads at start (src/main.tsx),
 * so the <style> elements libraries add at run time carry it. The file is read on each request, as
 * a new build replaces it; the page is never stored by a cache, since its nonce must not repeat.
 */
export async function sendConsolePage(reply: FastifyReply, indexFile: string, config: Pick<ServerConfig, 'oidc'>) {
  const nonce = newNonce();
  const html = (await readFile(indexFile, 'utf8')).replace(/<head>/i, `<head>\n    <meta property="csp-nonce" nonce="${nonce}" />`);
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', consolePolicy(config, nonce)).send(html);
}
