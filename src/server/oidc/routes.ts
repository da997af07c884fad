/**
 * Mounts the embedded provider at /oidc in our Fastify app:
 * - the login interaction (`/oidc/interaction/:uid`): our Italian login page and its form;
 * - everything else under /oidc is handed, raw and unparsed, to oidc-provider's own handler
 *   (its body parsers read the request stream themselves).
 * CSRF: the interaction is found by its cookie (SameSite=Lax, scoped to the interaction's path)
 * and must match the uid in the address, so a form posted from elsewhere finds nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import { AccountRepository } from './accounts.ts';
import { LoginService, DEFAULT_LOGIN_LIMITS, lockedMessage, type LoginLimits } from './login-service.ts';
import {
  changePasswordPage, codeEntryPage, codeRequestPage, errorPage, invitationDonePage, invitationPage, invitationRefusedPage, loginPage, PAGE_SECURITY_HEADERS,
} from './pages.ts';
import { changeRequiredPassword, passwordChangeTokens, passwordRuleTexts } from './password-change.ts';
import { codeRefusal, SignInCodes } from './sign-in-codes.ts';
import { acceptInvitation, checkInvitation } from '../users/invitations.ts';
import type { Mailer } from '../mail/mailer.ts';
import { OIDC_MOUNT_PATH } from './provider.ts';
import { oidcErrors } from './library.ts';

export interface OidcRoutesOptions {
  /** The provider, built on first use (provider.ts). */
  provider: () => Promise<Provider>;
  db: Kysely<DatabaseSchema>;
  publicUrl: string;
  loginLimits?: LoginLimits;
  /** Sends the one-time sign-in codes (issue 26 §9). */
  mailer: Mailer;
}

const FORM_LIMIT = 16 * 1024;
const MAX_FIELD = 512;

type Form = Record<string, string>;

/**
 * oidc-provider is a Koa app: with `provider.proxy` on (an https PUBLIC_URL) its `ctx.ip` is the
 * left-most X-Forwarded-For entry, which the client writes. It is handed Fastify's `request.ip`
 * instead (the socket's, or the right-most hop TRUSTED_PROXIES does not cover), the address the
 * limiter counts, so neither can be chosen by a client.
 */
function pinClientAddress(request: FastifyRequest) {
  request.raw.headers['x-forwarded-for'] = request.ip;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).headers(PAGE_SECURITY_HEADERS).type('text/html; charset=utf-8').send(html);
}

export async function registerOidcRoutes(app: FastifyInstance, options: OidcRoutesOptions): Promise<void> {
  const { provider, publicUrl } = options;
  const limits = options.loginLimits ?? DEFAULT_LOGIN_LIMITS;
  const accounts = new AccountRepository(options.db);
  const logins = new LoginService(accounts, limits);
  const changeTokens = await passwordChangeTokens(options.db);
  const codes = new SignInCodes(options.db, options.mailer);
  const appUrl = `${publicUrl}/`;
  let callback: Promise<ReturnType<Provider['callback']>> | undefined;
  const base = (uid: string) => `${OIDC_MOUNT_PATH}/interaction/${encodeURIComponent(uid)}`;

  /** The interaction of this browser (by cookie), when it is the one named in the address. */
  async function interactionOf(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply) {
    const details = await (await provider()).interactionDetails(request.raw, reply.raw);
    if (details.uid !== request.params.uid) throw new (oidcErrors().SessionNotFound)('interaction mismatch');
    return details;
  }

  function interactionError(reply: FastifyReply, error: unknown) {
    if (error instanceof oidcErrors().SessionNotFound) {
      return sendPage(reply, 400, errorPage({ error: 'session_not_found', appUrl }));
    }
    reply.log.error({ err: error }, 'accesso: interazione non riuscita');
    return sendPage(reply, 500, errorPage({ error: 'server_error', appUrl }));
  }

  /** Ends the login prompt for this account and goes back to the provider. */
  async function completeLogin(request: FastifyRequest, reply: FastifyReply, accountId: string, amr: string[] = ['pwd']) {
    const returnTo = await (await provider()).interactionResult(request.raw, reply.raw, { login: { accountId, remember: true, amr } }, { mergeWithLastSubmission: false });
    return reply.header('Cache-Control', 'no-store').redirect(returnTo, 303);
  }

  // The interaction pages: forms in, HTML out (not the API's JSON and problem+json).
  await app.register(async (pages) => {
    pages.addHook('onRequest', async (request) => pinClientAddress(request));
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
      const form: Form = {};
      for (const [key, value] of new URLSearchParams(String(body))) if (!(key in form)) form[key] = value.slice(0, MAX_FIELD);
      done(null, form);
    });
    pages.setErrorHandler((error, _request, reply) => {
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      return sendPage(reply, status >= 400 && status < 500 ? status : 500, errorPage({ error: status < 500 ? 'invalid_request' : 'server_error', appUrl }));
    });

    pages.get<{ Params: { uid: string } }>(`${OIDC_MOUNT_PATH}/interaction/:uid`, async (request, reply) => {
      try {
        const details = await interactionOf(request, reply);
        if (details.prompt.name === 'login') {
          const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
          return sendPage(reply, 200, loginPage({ action: `${base(details.uid)}/login`, abortUrl: `${base(details.uid)}/abort`, codeUrl: `${base(details.uid)}/code`, login: hint }));
        }
        // First-party client: any other prompt (consent) is granted without asking (loadExistingGrant did the work).
        const returnTo = await (await provider()).interactionResult(request.raw, reply.raw, { consent: {} }, { mergeWithLastSubmission: true });
        return reply.code(303).header('Cache-Control', 'no-store').redirect(returnTo, 303);
      } catch (error) {
        return interactionError(reply, error);
      }
    });

    pages.post<{ Params: { uid: string }; Body: Form | undefined }>(`${OIDC_MOUNT_PATH}/interaction/:uid/login`, async (request, reply) => {
      try {
        const details = await interactionOf(request, reply);
        if (details.prompt.name !== 'login') throw new (oidcErrors().SessionNotFound)('not a login prompt');
        const login = (request.body?.login ?? '').trim();
        const password = request.body?.password ?? '';
        const page = (status: number, error: string) =>
          sendPage(reply, status, loginPage({ action: `${base(details.uid)}/login`, abortUrl: `${base(details.uid)}/abort`, codeUrl: `${base(details.uid)}/code`, login, error }));
        if (login === '' || password === '') return page(400, 'Inserisci nome utente (o e-mail) e password.');
        // The address Fastify resolved: the socket's, or with TRUSTED_PROXIES the right-most
        // X-Forwarded-For hop that is not one of them; never what a client writes in the header.
        const outcome = await logins.signIn(login, password, request.ip);
        if (!outcome.ok) {
          if (outcome.reason === 'locked') {
            reply.header('Retry-After', String(outcome.retryAfterSeconds));
            return page(429, lockedMessage(outcome));
          }
          if (outcome.reason === 'disabled') return page(403, 'Account disattivato: rivolgiti all’amministratore.');
          return page(401, 'Credenziali non valide.');
        }
        // A password an administrator set: the sign-in completes only after the user chooses their own.
        if (outcome.mustChangePassword) {
          return sendPage(reply, 200, changePasswordPage({ action: `${base(details.uid)}/password`, abortUrl: `${base(details.uid)}/abort`, token: changeTokens.sign(details.uid, outcome.account.id), rules: passwordRuleTexts }));
        }
        return await completeLogin(request, reply, outcome.account.id);
      } catch (error) {
        return interactionError(reply, error);
      }
    });

    pages.post<{ Params: { uid: string }; Body: Form | undefined }>(`${OIDC_MOUNT_PATH}/interaction/:uid/password`, async (request, reply) => {
      try {
        const details = await interactionOf(request, reply);
        if (details.prompt.name !== 'login') throw new (oidcErrors().SessionNotFound)('not a login prompt');
        const token = request.body?.token ?? '';
        const accountId = changeTokens.verify(token, details.uid);
        if (!accountId) {
          return sendPage(reply, 400, loginPage({ action: `${base(details.uid)}/login`, abortUrl: `${base(details.uid)}/abort`, error: 'Tempo scaduto per cambiare la password: accedi di nuovo.' }));
        }
        const problems = await changeRequiredPassword(accounts, accountId, request.body?.password ?? '', request.body?.confirm ?? '');
        if (problems.length > 0) {
          return sendPage(reply, 400, changePasswordPage({ action: `${base(details.uid)}/password`, abortUrl: `${base(details.uid)}/abort`, token, rules: passwordRuleTexts, errors: problems }));
        }
        return await completeLogin(request, reply, accountId);
      } catch (error) {
        return interactionError(reply, error);
      }
    });

    // Issue 26 §9: sign-in with a one-time code by e-mail instead of the password.
    const codePages = (uid: string) => ({ action: `${base(uid)}/code`, passwordUrl: base(uid), abortUrl: `${base(uid)}/abort` });
    pages.get<{ Params: { uid: string } }>(`${OIDC_MOUNT_PATH}/interaction/:uid/code`, async (request, reply) => {
      try {
        const details = await interactionOf(request, reply);
        if (details.prompt.name !== 'login') throw new (oidcErrors().SessionNotFound)('not a login prompt');
        return sendPage(reply, 200, codeRequestPage(codePages(details.uid)));
      } catch (error) {
        return interactionError(reply, error);
      }
    });

    pages.post<{ Params: { uid: string }; Body: Form | undefined }>(`${OIDC_MOUNT_PATH}/interaction/:uid/code`, async (request, reply) => {
      try {
        const details = await interactionOf(request, reply);
        if (details.prompt.name !== 'login') throw new (oidcErrors().SessionNotFound)('not a login prompt');
        const email = (request.body?.email ?? '').trim();
        const outcome = await codes.request(email, request.ip);
        if (!outcome.ok) {
          const error = outcome.reason === 'invalidEmail'
            ? 'Inserisci un indirizzo e-mail valido.'
            : outcome.scope === 'address'
              ? 'Troppi codici richiesti per questo indirizzo nell’ultima ora: riprova più tardi o accedi con la password.'
              : 'Troppi codici richiesti da questa rete nell’ultima ora: riprova più tardi o accedi con la password.';
          if (outcome.reason === 'limited') reply.header('Retry-After', '3600');
          return sendPage(reply, outcome.reason === 'limited' ? 429 : 400, codeRequestPage({ ...codePages(details.uid), email, error }));
        }
        return sendPage(reply, 200, codeEntryPage({ action: `${base(details.uid)}/code/verify`, requestUrl: `${base(details.uid)}/code`, abortUrl: `${base(details.uid)}/abort`, email: email.toLowerCase() }));
      } catch (error) {
        return interactionError(reply, error);
      }
    });

    pages.post<{ Params: { uid: string }; Body: Form | undefined }>(`${OIDC_MOUNT_PATH}/interaction/:uid/code/verify`, async (request, reply) => {
      try {
        const details = await interactionOf(request, reply);
        if (details.prompt.name !== 'login') throw new (oidcErrors().SessionNotFound)('not a login prompt');
        const email = (request.body?.email ?? '').trim().toLowerCase();
        const outcome = await codes.verify(email, request.body?.code ?? '');
        if (!outcome.ok) {
          const error = codeRefusal(outcome);
          if (outcome.reason === 'wrong' && outcome.attemptsLeft > 0) {
            return sendPage(reply, 401, codeEntryPage({ action: `${base(details.uid)}/code/verify`, requestUrl: `${base(details.uid)}/code`, abortUrl: `${base(details.uid)}/abort`, email, error }));
          }
          return sendPage(reply, outcome.reason === 'invalidEmail' ? 400 : 401, codeRequestPage({ ...codePages(details.uid), email, error }));
        }
        return await completeLogin(request, reply, outcome.userId, ['otp']);
      } catch (error) {
        return interactionError(reply, error);
      }
    });

    // Issue 26 §9: the invitation's link, outside any sign-in: the invited colleague chooses its password.
    pages.get<{ Params: { token: string } }>(`${OIDC_MOUNT_PATH}/invitation/:token`, async (request, reply) => {
      const check = await checkInvitation(options.db, request.params.token);
      if (!check.ok) return sendPage(reply, check.reason === 'invalid' ? 404 : 410, invitationRefusedPage(check.reason, appUrl));
      return sendPage(reply, 200, invitationPage({ action: `${OIDC_MOUNT_PATH}/invitation/${encodeURIComponent(request.params.token)}`, email: check.email, rules: passwordRuleTexts.slice(0, 2) }));
    });

    pages.post<{ Params: { token: string }; Body: Form | undefined }>(`${OIDC_MOUNT_PATH}/invitation/:token`, async (request, reply) => {
      const { errors: problems, check } = await acceptInvitation(options.db, request.params.token, request.body?.password ?? '', request.body?.confirm ?? '');
      if (!check.ok) return sendPage(reply, check.reason === 'invalid' ? 404 : 410, invitationRefusedPage(check.reason, appUrl));
      if (problems.length > 0) {
        return sendPage(reply, 400, invitationPage({ action: `${OIDC_MOUNT_PATH}/invitation/${encodeURIComponent(request.params.token)}`, email: check.email, rules: passwordRuleTexts.slice(0, 2), errors: problems }));
      }
      return sendPage(reply, 200, invitationDonePage(appUrl));
    });

    pages.get<{ Params: { uid: string } }>(`${OIDC_MOUNT_PATH}/interaction/:uid/abort`, async (request, reply) => {
      try {
        await interactionOf(request, reply);
        const returnTo = await (await provider()).interactionResult(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: 'Accesso annullato dall’utente' },
          { mergeWithLastSubmission: false },
        );
        return reply.header('Cache-Control', 'no-store').redirect(returnTo, 303);
      } catch (error) {
        return interactionError(reply, error);
      }
    });
  });

  // Everything else: oidc-provider's own handler, given the raw request with the mount path stripped.
  await app.register(async (mounted) => {
    mounted.addHook('onRequest', async (request) => pinClientAddress(request));
    mounted.removeAllContentTypeParsers();
    // Leave the body unread: oidc-provider parses it itself.
    mounted.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    mounted.all(`${OIDC_MOUNT_PATH}/*`, async (request, reply) => {
      // The provider is built by the first request (provider.ts); a failure to build it is still our problem+json answer.
      callback ??= provider().then((built) => built.callback()).catch((error: unknown) => {
        callback = undefined;
        throw error;
      });
      const handle = await callback;
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      const url = raw.url ?? '/';
      raw.originalUrl = url;
      raw.url = url.slice(OIDC_MOUNT_PATH.length) || '/';
      reply.hijack();
      await handle(raw, reply.raw);
    });
  });
}
