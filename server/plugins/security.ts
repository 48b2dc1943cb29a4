import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Security headers for every answer. Scripts only from our own origin (no inline, no eval);
 * styles allow inline attributes because UI libraries position popovers with style="...".
 * `connectSrc` includes the external identity provider, which the browser calls for tokens.
 */
export async function registerSecurity(app: FastifyInstance, options: { identityOrigin?: string; authRateLimitPerMinute: number }) {
  const connectSrc = ["'self'"];
  if (options.identityOrigin) connectSrc.push(options.identityOrigin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        mediaSrc: ["'self'", 'blob:', 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(options.identityOrigin ? [options.identityOrigin] : [])],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers send `Origin: null` on same-origin form posts under `no-referrer`, which would
    // defeat the sign-in form's Origin check; `same-origin` keeps referrers inside KAI only.
    referrerPolicy: { policy: 'same-origin' },
    hsts: false, // set by the TLS-terminating proxy, which knows whether HTTPS is in front
  });
  // Only routes that opt in (config.rateLimit) are limited: the sign-in and token endpoints.
  await app.register(rateLimit, {
    global: false,
    max: options.authRateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate_limited', `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
}
