import helmet from '@fastify/helmet';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export interface SecurityOptions {
  identityOrigin?: string;
  authRateLimitPerMinute: number;
  userRateLimits: { chatPerMinute: number; uploadsPerMinute: number };
  imageHosts: string[];
  /** Shared counters (PostgreSQL, several processes); the plugin's in-memory store otherwise. */
  rateLimitStore?: FastifyRateLimitStoreCtor;
}

/**
 * The routes whose every call costs a model answer, an extraction or a batch: limited per
 * signed-in user (not per address, which a whole office shares behind one NAT).
 */
const EXPENSIVE_ROUTES: Record<string, 'chat' | 'uploads'> = {
  'POST /api/chat': 'chat',
  'POST /api/upload': 'uploads',
  'POST /api/upload-invoice': 'uploads',
  'POST /api/upload-invoices': 'uploads',
  'POST /api/confirm-invoices': 'uploads',
  'POST /api/upload-vendor-list': 'uploads',
  'POST /api/voice/transcribe': 'chat',
  'POST /api/voice/synthesize': 'chat',
  'POST /api/help/tip': 'chat',
};

/**
 * Security headers for every answer. Scripts only from our own origin (no inline, no eval);
 * styles allow inline attributes because UI libraries position popovers with style="...".
 * `connectSrc` includes the external identity provider, which the browser calls for tokens.
 */
export async function registerSecurity(app: FastifyInstance, options: SecurityOptions) {
  const connectSrc = ["'self'"];
  if (options.identityOrigin) connectSrc.push(options.identityOrigin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Not `https:`: any host would let injected markup report to an outside server.
        imgSrc: ["'self'", 'data:', 'blob:', ...options.imageHosts],
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
  // Added before the rate-limit plugin's own onRoute hook, which then reads this config. The
  // check runs as a preHandler, after the onRequest sign-in has named the user.
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const kind = EXPENSIVE_ROUTES[`${method} ${route.url}`];
      if (!kind) continue;
      const max = kind === 'chat' ? options.userRateLimits.chatPerMinute : options.userRateLimits.uploadsPerMinute;
      route.config = { ...route.config, rateLimit: { max, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: userKey } };
    }
  });
  // Only routes that opt in (config.rateLimit) are limited: the sign-in and token endpoints, and
  // the expensive routes above.
  await app.register(rateLimit, {
    global: false,
    ...(options.rateLimitStore ? { store: options.rateLimitStore } : {}),
    max: options.authRateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'rate_limited', `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
}

function userKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.user.id}` : `ip:${request.ip}`;
}
