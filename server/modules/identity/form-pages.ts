import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { errorPage } from './pages';

const FORM_BODY_LIMIT = 8 * 1024;

export type FormBody = Record<string, string> | undefined;

export interface FormPages {
  send(reply: FastifyReply, status: number, html: string): FastifyReply;
  problem(reply: FastifyReply, status: number, heading: string, message: string): FastifyReply;
  /** Forms must come from our own pages; browsers send no Origin on some same-origin posts. */
  fromOurOrigin(request: FastifyRequest): boolean;
}

/**
 * Sets up a plugin scope of server-rendered forms (sign-in, invitations): bodies are parsed as
 * plain fields, and errors answer as a KAI page under `heading`, never as JSON. `explain` words
 * errors the scope knows better than the generic text.
 */
export function setUpFormPages(
  app: FastifyInstance,
  options: { publicUrl: string; heading: string; explain?: (err: FastifyError) => { status: number; heading: string; message: string } | undefined },
): FormPages {
  const appUrl = `${options.publicUrl}/`;
  const appOrigin = new URL(options.publicUrl).origin;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  const problem = (reply: FastifyReply, status: number, heading: string, message: string) =>
    send(reply, status, errorPage({ heading, message, appUrl }));

  app.setErrorHandler((err: FastifyError, request, reply) => {
    const known = options.explain?.(err);
    if (known) return problem(reply, known.status, known.heading, known.message);
    if (err instanceof AppError && err.statusCode < 500) return problem(reply, err.statusCode, options.heading, err.message);
    if (err.statusCode && err.statusCode < 500) return problem(reply, err.statusCode, options.heading, 'The request could not be read.');
    request.log.error({ err }, 'form page failed');
    return problem(reply, 500, options.heading, 'Something went wrong on our side. Please try again.');
  });

  return {
    send,
    problem,
    fromOurOrigin: (request) => {
      const origin = request.headers.origin;
      return origin === undefined || origin === appOrigin;
    },
  };
}

/** A form field as text, cut to `max` characters (a password is never longer than 1024). */
export function formField(body: FormBody, name: string, max = 1024): string {
  return String(body?.[name] ?? '').slice(0, max);
}
