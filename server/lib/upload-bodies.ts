import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Uploaded bytes reach their handler as the raw request stream, never buffered by Fastify: flat
 * files (PUT .../pull-based-datafiles/{fileId}/content, text/csv or octet-stream) are piped to disk,
 * attached documents (POST /attachments, their own media types) read up to their cap. Fastify's
 * body limit does not apply to a stream; each handler counts bytes itself (1 GiB, 10 MiB).
 *
 * A request can also be answered before its body is read to the end: refused before its bytes are
 * looked at (403, 404, 409, 415, a body announced as too large) or part way through them (413, a
 * binary flat file). See settleUnreadBody. `mediaTypes` are every upload's media types (flat files'
 * and attachments').
 */
export function registerUploadParsers(app: FastifyInstance, mediaTypes: Iterable<string>): void {
  const types = new Set(mediaTypes);
  app.addContentTypeParser([...types], (_request, payload, done) => done(null, payload));
  app.addHook('onSend', async (request, reply, payload) => {
    settleUnreadBody(request, reply);
    return payload;
  });
}

/** A refused body announced as at most this large is read and dropped; a larger one closes the connection. */
export const DRAIN_MAX_BYTES = 2 ** 20;

/**
 * Keeps a keep-alive connection usable after an answer sent before the request's body was read to
 * the end. Left as it is, the unread rest of the body either stalls the connection (a body stream
 * that was destroyed part way leaves the socket paused, so the next request is never answered) or
 * is read as the next request. So the rest is read and dropped when the body was announced small
 * and its stream is intact; otherwise (larger, of unknown length, or destroyed) the answer carries
 * `Connection: close` and Node closes the socket once the answer is flushed, rather than the
 * server reading up to a gigabyte nobody wants. Either way the client's next request is answered,
 * on this connection or a new one.
 */
function settleUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete) return; // the whole body arrived (or there was none)
  const announced = Number(raw.headers['content-length']);
  if (!raw.destroyed && Number.isFinite(announced) && announced <= DRAIN_MAX_BYTES) {
    raw.resume();
    return;
  }
  reply.header('connection', 'close');
}
