import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import { ValidationError } from '../../errors';
import { credentialStamp, ONE_TIME_PASSWORD_EXPIRED, oneTimePasswordExpired } from './account-credentials';
import type { AccountRow } from './accounts.repository';
import type { AccountsService } from './accounts.service';
import { formField, setUpFormPages, type FormBody } from './form-pages';
import { choosePasswordPage, LOGIN_ERROR, LOGOUT_SCRIPT, loginPage } from './pages';

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

/** Kept in the interaction between a correct one-time password and the new password. */
const PENDING_CHANGE = 'kaiPasswordChange';
interface PendingChange {
  accountId: string;
  email: string;
  stamp: string;
}

const CHOOSE_PASSWORD = {
  heading: 'Choose a new password',
  intro: 'The password you signed in with works only once. Choose your own password to continue.',
  submitLabel: 'Save password and sign in',
};

/**
 * The provider's interaction pages: sign-in, choosing a new password after a one-time one, and
 * automatic consent for our own client. Routes sit under /oidc/interaction/:uid; the provider's
 * interaction cookie (SameSite=Lax, path-scoped to the uid) ties each request to the browser that
 * started the sign-in.
 */
export const interactionRoutes: FastifyPluginAsync<InteractionRoutesOptions> = async (app, options) => {
  const { provider, accounts, basePath } = options;
  const pages = setUpFormPages(app, {
    publicUrl: options.publicUrl,
    heading: 'Sign-in problem',
    explain: (err) =>
      err instanceof errors.SessionNotFound
        ? { status: 400, heading: 'Sign-in expired', message: 'This sign-in page has expired. Go back to KAI and sign in again.' }
        : undefined,
  });
  const limited = { config: { rateLimit: { max: options.loginRateLimitPerMinute, timeWindow: '1 minute' } } };
  const fromElsewhere = (reply: FastifyReply) => pages.problem(reply, 403, 'Sign-in problem', 'This form was sent from another site.');

  /** The interaction this browser is in, and only if it is the one the URL names. */
  const loadInteraction = async (request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply): Promise<Interaction> => {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    if (interaction.uid !== request.params.uid || interaction.params.client_id !== options.clientId) {
      throw new errors.SessionNotFound('interaction does not match');
    }
    return interaction;
  };

  const finish = async (request: FastifyRequest, reply: FastifyReply, result: Parameters<Provider['interactionResult']>[2]) => {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: 'consent' in result });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  };

  const actions = (uid: string) => ({
    loginAction: `${basePath}/interaction/${encodeURIComponent(uid)}/login`,
    abortAction: `${basePath}/interaction/${encodeURIComponent(uid)}/abort`,
  });
  const passwordPage = (uid: string, email: string, error?: string) =>
    choosePasswordPage({ ...CHOOSE_PASSWORD, action: `${basePath}/interaction/${encodeURIComponent(uid)}/password`, ...actions(uid), email, error });

  /** Signing in is not finished: the account first replaces its one-time password. */
  const askForNewPassword = async (reply: FastifyReply, interaction: Interaction, account: AccountRow) => {
    const pending: PendingChange = { accountId: account.id, email: account.email, stamp: credentialStamp(account) };
    interaction.result = { [PENDING_CHANGE]: pending };
    await interaction.persist();
    return pages.send(reply, 200, passwordPage(interaction.uid, account.email));
  };

  app.get('/oidc/assets/logout.js', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(LOGOUT_SCRIPT),
  );

  app.get<{ Params: UidParams }>('/oidc/interaction/:uid', async (request, reply) => {
    const interaction = await loadInteraction(request, reply);
    if (interaction.prompt.name === 'login') {
      const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
      return pages.send(reply, 200, loginPage({ ...actions(interaction.uid), email: hint }));
    }
    if (interaction.prompt.name === 'consent') {
      // KAI is the only client and it is our own: the user is never asked to consent.
      return finish(request, reply, { consent: { grantId: await grantRequested(provider, interaction) } });
    }
    return pages.problem(reply, 400, 'Sign-in problem', 'This sign-in request cannot be completed. Go back to KAI and try again.');
  });

  app.post<{ Params: UidParams; Body: FormBody }>('/oidc/interaction/:uid/login', limited, async (request, reply) => {
    if (!pages.fromOurOrigin(request)) return fromElsewhere(reply);
    const interaction = await loadInteraction(request, reply);
    if (interaction.prompt.name !== 'login') return reply.redirect(`${basePath}/interaction/${encodeURIComponent(interaction.uid)}`, 303);
    const email = formField(request.body, 'email').trim().slice(0, 320);
    const account = await accounts.authenticate(email, formField(request.body, 'password'));
    if (!account) {
      request.log.info({ uid: interaction.uid }, 'sign-in failed');
      return pages.send(reply, 401, loginPage({ ...actions(interaction.uid), email, error: LOGIN_ERROR }));
    }
    // Only the right password learns that it expired: this says nothing to anyone else.
    if (oneTimePasswordExpired(account)) {
      request.log.info({ uid: interaction.uid }, 'sign-in with an expired one-time password');
      return pages.send(reply, 401, loginPage({ ...actions(interaction.uid), email, error: ONE_TIME_PASSWORD_EXPIRED }));
    }
    if (account.mustChangePassword) return askForNewPassword(reply, interaction, account);
    return finish(request, reply, { login: { accountId: account.id } });
  });

  app.post<{ Params: UidParams; Body: FormBody }>('/oidc/interaction/:uid/password', limited, async (request, reply) => {
    if (!pages.fromOurOrigin(request)) return fromElsewhere(reply);
    const interaction = await loadInteraction(request, reply);
    const pending = interaction.result?.[PENDING_CHANGE] as PendingChange | undefined;
    if (interaction.prompt.name !== 'login' || !pending) return reply.redirect(`${basePath}/interaction/${encodeURIComponent(interaction.uid)}`, 303);
    try {
      const password = formField(request.body, 'password');
      const account = await accounts.chooseOwnPassword(pending.accountId, pending.stamp, password, formField(request.body, 'confirmation'));
      request.log.info({ uid: interaction.uid }, 'replaced a one-time password');
      return await finish(request, reply, { login: { accountId: account.id } });
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      return pages.send(reply, 400, passwordPage(interaction.uid, pending.email, err.message));
    }
  });

  app.post<{ Params: UidParams }>('/oidc/interaction/:uid/abort', async (request, reply) => {
    if (!pages.fromOurOrigin(request)) return fromElsewhere(reply);
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
