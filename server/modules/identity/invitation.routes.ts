import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ValidationError } from '../../errors';
import { INVITATION_PATH, type InvalidInvitation } from './account-credentials';
import type { AccountsService } from './accounts.service';
import { formField, setUpFormPages, type FormBody } from './form-pages';
import { choosePasswordPage, passwordSetPage } from './pages';

export interface InvitationRoutesOptions {
  accounts: AccountsService;
  publicUrl: string;
  rateLimitPerMinute: number;
}

interface TokenParams {
  token: string;
}

const HEADING = 'Invitation problem';

const REFUSALS: Record<InvalidInvitation, { status: number; heading: string; message: string }> = {
  used: {
    status: 410,
    heading: 'Invitation already used',
    message: 'This invitation link has already been used. Sign in to KAI with the password you chose, or ask your administrator for a new link.',
  },
  expired: { status: 410, heading: 'Invitation expired', message: 'This invitation link has expired. Ask your administrator for a new one.' },
  unknown: {
    status: 404,
    heading: 'Invitation not valid',
    message: 'This invitation link is not valid, or a newer one replaced it. Ask your administrator for a new link.',
  },
};

const SET_PASSWORD = {
  heading: 'Set your password',
  intro: 'Welcome to KAI. Choose the password you will sign in with.',
  submitLabel: 'Set password',
};

/**
 * The page an invitation link opens (`/invite/<token>`): the invited person sets their password,
 * then signs in through the app as usual. The token in the path is the only credential: the
 * logger redacts it, and it proves the form was not forged elsewhere as much as the Origin check.
 */
export const invitationRoutes: FastifyPluginAsync<InvitationRoutesOptions> = async (app, options) => {
  const { accounts } = options;
  const pages = setUpFormPages(app, { publicUrl: options.publicUrl, heading: HEADING });
  // Behind a proxy that serves KAI under a path, the form posts back under that path.
  const prefix = new URL(options.publicUrl).pathname.replace(/\/+$/, '');
  const refuse = (reply: FastifyReply, why: InvalidInvitation) =>
    pages.problem(reply, REFUSALS[why].status, REFUSALS[why].heading, REFUSALS[why].message);
  const form = (token: string, email: string, error?: string) =>
    choosePasswordPage({ ...SET_PASSWORD, action: `${prefix}${INVITATION_PATH}/${encodeURIComponent(token)}`, email, error });

  app.get<{ Params: TokenParams }>(`${INVITATION_PATH}/:token`, async (request, reply) => {
    const check = await accounts.checkInvitation(request.params.token);
    if (check.status !== 'valid') return refuse(reply, check.status);
    return pages.send(reply, 200, form(request.params.token, check.email));
  });

  app.post<{ Params: TokenParams; Body: FormBody }>(
    `${INVITATION_PATH}/:token`,
    { config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } } },
    async (request, reply) => {
      if (!pages.fromOurOrigin(request)) return pages.problem(reply, 403, HEADING, 'This form was sent from another site.');
      const { token } = request.params;
      const check = await accounts.checkInvitation(token);
      if (check.status !== 'valid') return refuse(reply, check.status);
      try {
        const done = await accounts.acceptInvitation(token, formField(request.body, 'password'), formField(request.body, 'confirmation'));
        if (done.status !== 'accepted') return refuse(reply, done.status);
        request.log.info('an invited account set its password');
        return pages.send(reply, 200, passwordSetPage(`${options.publicUrl}/`));
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        return pages.send(reply, 400, form(token, check.email, err.message));
      }
    },
  );
};
