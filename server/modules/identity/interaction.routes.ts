import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import { AppError } from '../../errors';
import type { AccountsService } from './accounts.service';
import { errorPage, LOGIN_ERROR, LOGOUT_SCRIPT, loginPage } from './pages';

export interface InteractionRoutesOptions {
  provider: Provider;
  accounts: AccountsService;
  publicUrl: string;
  /** Path the provider answers under, as browsers see it (`/oidc`). */
  basePath: string;
  clientId: string;
  loginRateLimitPerMinute: number;
}

interface UidParams {
  uid: string;
}

const FORM_BODY_LIMIT = 8 * 1024;

/**
 * The provider's interaction pages: sign-in, and automatic consent for our own client.
 * Routes sit under /oidc/interaction/:uid; the provider's interaction cookie (SameSite=Lax,
 * path-scoped to the uid) ties each request to the browser that started the sign-in.
 */
export const interactionRoutes: FastifyPluginAsync<InteractionRoutesOptions> = async (app, options) => {
  const { provider, accounts, basePath } = options;
  const appUrl = `${options.publicUrl}/`;
  const appOrigin = new URL(options.publicUrl).origin;

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  const problem = (reply: FastifyReply, status: number, heading: string, message: string) =>
    sendHtml(reply, status, errorPage({ heading, message, appUrl }));

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof errors.SessionNotFound) {
      return problem(reply, 400, 'Sign-in expired', 'This sign-in page has expired. Go back to KAI and sign in again.');
    }
    if (err instanceof AppError && err.statusCode < 500) return problem(reply, err.statusCode, 'Sign-in problem', err.message);
    if (err.statusCode && err.statusCode < 500) return problem(reply, err.statusCode, 'Sign-in problem', 'The request could not be read.');
    request.log.error({ err }, 'sign-in page failed');
    return problem(reply, 500, 'Sign-in problem', 'Something went wrong on our side. Please try again.');
  });

  /** The interaction this browser is in, and only if it is the one the URL names. */
  const loadInteraction = async (request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply): Promise<Interaction> => {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    if (interaction.uid !== request.params.uid || interaction.params.client_id !== options.clientId) {
      throw new errors.SessionNotFound('interaction does not match');
    }
    return interaction;
  };

  /** Forms must come from our own pages; the cookie already blocks most cross-site posts. */
  const fromOurOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return origin === undefined || origin === appOrigin;
  };

  const finish = async (request: FastifyRequest, reply: FastifyReply, result: Parameters<Provider['interactionResult']>[2]) => {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: 'consent' in result });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  };

  const actions = (uid: string) => ({
    loginAction: `${basePath}/interaction/${encodeURIComponent(uid)}/login`,
    abortAction: `${basePath}/interaction/${encodeURIComponent(uid)}/abort`,
  });

  app.get('/oidc/assets/logout.js', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(LOGOUT_SCRIPT),
  );

  app.get<{ Params: UidParams }>('/oidc/interaction/:uid', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (interaction.prompt.name === 'login') {
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
      return sendHtml(reply, 200, loginPage({ ...actions(interaction.uid), email: hint }));
    }
    if (interaction.prompt.name === 'consent') {
      // KAI is the only client and it is our own: the user is never asked to consent.
      return finish(request, reply, { consent: { grantId: await grantRequested(provider, interaction) } });
    }
    return problem(reply, 400, 'Sign-in problem', 'This sign-in request cannot be completed. Go back to KAI and try again.');
  });

  app.post<{ Params: UidParams; Body: Record<string, string> | undefined }>(
    '/oidc/interaction/:uid/login',
    { config: { rateLimit: { max: options.loginRateLimitPerMinute, timeWindow: '1 minute' } } },
    async (request, reply) => {
      if (!fromOurOrigin(request)) return problem(reply, 403, 'Sign-in problem', 'This form was sent from another site.');
      const interaction = await loadInteraction(request, reply);
      if (interaction.prompt.name !== 'login') return reply.redirect(`${basePath}/interaction/${encodeURIComponent(interaction.uid)}`, 303);
      const email = String(request.body?.email ?? '')
        .trim()
        .slice(0, 320);
      const password = String(request.body?.password ?? '').slice(0, 1024);
      const account = await accounts.authenticate(email, password);
      if (!account) {
        request.log.info({ uid: interaction.uid }, 'sign-in failed');
        return sendHtml(reply, 401, loginPage({ ...actions(interaction.uid), email, error: LOGIN_ERROR }));
      }
      return finish(request, reply, { login: { accountId: account.id } });
    },
  );

  app.post<{ Params: UidParams }>('/oidc/interaction/:uid/abort', async (request, reply) => {
    if (!fromOurOrigin(request)) return problem(reply, 403, 'Sign-in problem', 'This form was sent from another site.');
    await loadInteraction(request, reply);
    return finish(request, reply, { error: 'access_denied', error_description: 'Sign-in was cancelled' });
  });
};

/** Grants what the client asked for: the OIDC scopes and claims, and the API's scopes. */
async function grantRequested(provider: Provider, interaction: Interaction): Promise<string> {
  const details = interaction.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  const accountId = interaction.session?.accountId;
  if (!accountId) throw new errors.SessionNotFound('no signed-in account');
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId: String(interaction.params.client_id) });
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  return grant.save();
}
