import type { FastifyInstance } from 'fastify';

/**
 * Flat-file bytes (PUT .../pull-based-datafiles/{fileId}/content) reach the handler as the raw
 * request stream, never buffered: the handler pipes it to disk. Fastify's body limit does not
 * apply to a stream; the handler counts bytes itself (1 GiB).
 */
export function registerUploadParsers(app: FastifyInstance): void {
  app.addContentTypeParser(['text/csv', 'application/octet-stream'], (_request, payload, done) => done(null, payload));
}
