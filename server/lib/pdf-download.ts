import type { FastifyReply } from 'fastify';

/**
 * Serves a PDF as a download. The contract types a binary answer as a string; Fastify sends the
 * Buffer as it is. PDFs of investigations are not cached anywhere on the way.
 */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): string {
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store');
  return pdf as unknown as string;
}
