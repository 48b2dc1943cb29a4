/**
 * How KAI answers with stored bytes (documents, invoice PDFs, page previews, import files): a
 * named download or inline view that can never run as a page of KAI's origin.
 */
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './filename';

/** No scripts, no plugins, no same-origin: bytes served from KAI's origin must never act as a page. */
const SANDBOX_CSP = "default-src 'none'; sandbox";

export function fileReply(
  reply: FastifyReply,
  file: { contentType: string; filename: string; disposition: 'inline' | 'attachment'; length?: number },
): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.disposition, file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', SANDBOX_CSP)
    .header('cache-control', 'private, no-store');
  if (file.length !== undefined) reply.header('content-length', file.length);
  return reply;
}

/** A PNG preview of a file is named after it. */
export function previewName(filename: string): string {
  return `${filename.replace(/\.[^.]*$/, '')}.png`;
}
