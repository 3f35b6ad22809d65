import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_TYPES } from './attachments.js';

/**
 * Uploaded bytes reach their handler as the raw request stream, never buffered by Fastify: flat
 * files (PUT .../pull-based-datafiles/{fileId}/content, text/csv or octet-stream) are piped to disk,
 * attached documents (POST /attachments, their own media types) read up to their cap. Fastify's
 * body limit does not apply to a stream; each handler counts bytes itself (1 GiB, 10 MiB).
 */
export function registerUploadParsers(app: FastifyInstance): void {
  const types = new Set(['text/csv', 'application/octet-stream', ...Object.keys(ATTACHMENT_TYPES)]);
  app.addContentTypeParser([...types], (_request, payload, done) => done(null, payload));
}
