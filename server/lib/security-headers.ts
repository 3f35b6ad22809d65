import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config.js';
import { RateLimitedError } from './rate-limited.js';

/** Retry-After of a 429 whose thrower did not say when to come back. */
const RETRY_AFTER_FALLBACK_SECONDS = 60;

/**
 * The console's Content-Security-Policy. The built console has no inline script or style: scripts,
 * styles and fonts come from its own files. The one exception is the scroll lock of the command
 * palette's dialog (react-remove-scroll), which adds a <style> element while the palette is open:
 * the console page carries a fresh nonce for it (see console-page.ts), no 'unsafe-inline'. Images
 * and the PDF and document viewers use blob: URLs (documents are fetched with the agent's token,
 * then shown), images also data: URLs. The hidden frame of silent renewal starts at the server and
 * passes through the identity provider, so the provider's origin may be framed. Nothing may frame
 * the console.
 */
export function consolePolicy(config: Pick<ServerConfig, 'oidc'>, styleNonce?: string): string {
  const provider = config.oidc ? ` ${new URL(config.oidc.issuer).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self'${styleNonce ? ` 'nonce-${styleNonce}'` : ''}`,
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    `frame-src 'self' blob:${provider}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of a small page the server writes itself (not the console): only what it names. */
export function ownPagePolicy(options: { scriptNonce?: string; styles?: string[]; framedBySelf?: boolean }): string {
  const styleHashes = (options.styles ?? []).map((css) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  return [
    "default-src 'none'",
    options.scriptNonce ? `script-src 'nonce-${options.scriptNonce}'` : undefined,
    styleHashes.length ? `style-src ${styleHashes.join(' ')}` : undefined,
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${options.framedBySelf ? "'self'" : "'none'"}`,
  ]
    .filter(Boolean)
    .join('; ');
}

/** A fresh nonce for one response's inline script or style. */
export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

/** Lets this response be framed by the console itself (and nothing else): the renewal answer. */
export function allowFramingBySelf(reply: FastifyReply, policy: string) {
  reply.header('content-security-policy', policy).header('x-frame-options', 'SAMEORIGIN');
}

/**
 * Every response (API, console files, server pages, errors) carries the console's policy,
 * X-Frame-Options, Referrer-Policy and nosniff; the few pages of the server's own replace the policy
 * with theirs. Every 429 carries Retry-After: the seconds its RateLimitedError named, else a minute.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<ServerConfig, 'oidc'>) {
  const headers = {
    'content-security-policy': consolePolicy(config),
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_FALLBACK_SECONDS));
    return payload;
  });
}
