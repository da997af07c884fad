/**
 * The provider's own pages, in Italian: login, logout confirmation, "signed out", errors. Plain
 * server-rendered HTML that works without JavaScript, keyboard-first (the first field has focus,
 * Enter submits), light or dark as the system prefers. Every value put into a page is escaped.
 */
import { createHash } from 'node:crypto';
import { escapeHtml } from '../../domain/html.ts';

/** No framing (clickjacking), no scripts, nothing loaded from elsewhere. */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

const STYLE = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --text: #1d2330; --muted: #5b6475; --border: #c9ced8;
  --accent: #b3261e; --accent-text: #fff; --focus: #1f6feb; --error-bg: #fdecea; --error-text: #8a1c13; --info-bg: #e8f0fe; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #14171c; --card: #1e232b; --text: #e6e9ef; --muted: #a3abb9; --border: #3a414d;
    --accent: #e5534b; --accent-text: #fff; --focus: #58a6ff; --error-bg: #3b1d1b; --error-text: #ffb4ab; --info-bg: #1c2a40; }
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { width: min(26rem, calc(100vw - 2rem)); background: var(--card); border: 1px solid var(--border); border-radius: 10px; padding: 2rem; }
h1 { font-size: 1.35rem; margin: 0 0 .25rem; }
p { margin: .5rem 0; }
.muted { color: var(--muted); font-size: .9rem; }
label { display: block; font-weight: 600; margin: 1rem 0 .3rem; }
input[type=text], input[type=email], input[type=password] { width: 100%; padding: .6rem .7rem; font: inherit; color: var(--text);
  background: var(--bg); border: 1px solid var(--border); border-radius: 6px; }
input:focus, button:focus, a:focus { outline: 3px solid var(--focus); outline-offset: 2px; }
button { margin-top: 1.5rem; width: 100%; padding: .65rem; font: inherit; font-weight: 600; border: 0; border-radius: 6px;
  background: var(--accent); color: var(--accent-text); cursor: pointer; }
button.secondary { background: transparent; color: var(--text); border: 1px solid var(--border); margin-top: .75rem; }
.error { background: var(--error-bg); color: var(--error-text); border-radius: 6px; padding: .6rem .8rem; margin: 1rem 0 0; }
.info { background: var(--info-bg); border-radius: 6px; padding: .6rem .8rem; margin: 1rem 0 0; }
.links { margin-top: 1.25rem; text-align: center; }
a { color: inherit; }
pre { white-space: pre-wrap; word-break: break-word; font-size: .85rem; color: var(--muted); }
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} – Area di lavoro</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  /** Where the form posts (the interaction's login address). */
  action: string;
  /** Where "Annulla" goes (the interaction's abort address). */
  abortUrl: string;
  login?: string;
  error?: string;
  /** The page that asks for a one-time code by e-mail instead of the password. */
  codeUrl?: string;
}

export function loginPage(options: LoginPageOptions): string {
  const hasLogin = Boolean(options.login);
  return layout(
    'Accesso',
    `<h1>Accedi</h1>
<p class="muted">Area di lavoro – back-office</p>
${options.error ? `<p class="error" role="alert" id="login-error">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on"${options.error ? ' aria-describedby="login-error"' : ''}>
  <label for="login">Nome utente o e-mail</label>
  <input id="login" name="login" type="text" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required
    value="${escapeHtml(options.login ?? '')}"${hasLogin ? '' : ' autofocus'}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${hasLogin ? ' autofocus' : ''}>
  <button type="submit">Accedi</button>
</form>
${options.codeUrl ? `<p class="links"><a href="${escapeHtml(options.codeUrl)}">Ricevi un codice via e-mail</a></p>` : ''}
<p class="links"><a href="${escapeHtml(options.abortUrl)}">Annulla</a></p>`,
  );
}

export interface CodeRequestPageOptions {
  /** Where the e-mail is posted. */
  action: string;
  /** Back to the password form. */
  passwordUrl: string;
  abortUrl: string;
  email?: string;
  error?: string;
}

/** «Ricevi un codice via e-mail»: the address to send a one-time code to (issue 26 §9). */
export function codeRequestPage(options: CodeRequestPageOptions): string {
  return layout(
    'Accesso con codice',
    `<h1>Accedi con un codice</h1>
<p class="muted">Ti inviamo per e-mail un codice di 6 cifre, valido 10 minuti.</p>
${options.error ? `<p class="error" role="alert" id="code-error">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="on"${options.error ? ' aria-describedby="code-error"' : ''}>
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="email" autocapitalize="none" spellcheck="false" required autofocus value="${escapeHtml(options.email ?? '')}">
  <button type="submit">Invia il codice</button>
</form>
<p class="links"><a href="${escapeHtml(options.passwordUrl)}">Accedi con la password</a></p>
<p class="links"><a href="${escapeHtml(options.abortUrl)}">Annulla</a></p>`,
  );
}

export interface CodeEntryPageOptions {
  /** Where the code is posted. */
  action: string;
  /** Asking for another code. */
  requestUrl: string;
  abortUrl: string;
  email: string;
  error?: string;
}

/** The code received: the same page whether the address has a user or not. */
export function codeEntryPage(options: CodeEntryPageOptions): string {
  return layout(
    'Accesso con codice',
    `<h1>Inserisci il codice</h1>
<p class="info" role="status">Se ${escapeHtml(options.email)} è l’indirizzo di un utente, gli abbiamo inviato un codice di 6 cifre: vale 10 minuti.</p>
${options.error ? `<p class="error" role="alert" id="code-error">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="off"${options.error ? ' aria-describedby="code-error"' : ''}>
  <input type="hidden" name="email" value="${escapeHtml(options.email)}">
  <label for="code">Codice ricevuto</label>
  <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" maxlength="8" required autofocus>
  <button type="submit">Accedi</button>
</form>
<p class="links"><a href="${escapeHtml(options.requestUrl)}">Richiedi un nuovo codice</a></p>
<p class="links"><a href="${escapeHtml(options.abortUrl)}">Annulla</a></p>`,
  );
}

export interface InvitationPageOptions {
  action: string;
  email: string;
  rules: string[];
  errors?: string[];
}

/** The invitation's page: the invited colleague chooses its password (issue 26 §9). */
export function invitationPage(options: InvitationPageOptions): string {
  const errors = options.errors ?? [];
  return layout(
    'Scegli la password',
    `<h1>Benvenuto</h1>
<p>Scegli la password per accedere come <strong>${escapeHtml(options.email)}</strong>.</p>
<ul class="muted" id="password-rules">${options.rules.map((rule) => `<li>${escapeHtml(rule)}</li>`).join('')}</ul>
${errors.length > 0 ? `<div class="error" role="alert" id="password-error">${errors.map((e) => `<p>${escapeHtml(e)}</p>`).join('')}</div>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="off"${errors.length > 0 ? ' aria-describedby="password-error"' : ''}>
  <input type="text" name="username" autocomplete="username" value="${escapeHtml(options.email)}" hidden>
  <label for="new-password">Password</label>
  <input id="new-password" name="password" type="password" autocomplete="new-password" required autofocus aria-describedby="password-rules">
  <label for="confirm-password">Ripeti la password</label>
  <input id="confirm-password" name="confirm" type="password" autocomplete="new-password" required>
  <button type="submit">Imposta la password</button>
</form>`,
  );
}

/** The password chosen: on to sign in. */
export function invitationDonePage(appUrl: string): string {
  return layout(
    'Password impostata',
    `<h1>Password impostata</h1>
<p class="info" role="status">Ora puoi accedere con la tua e-mail e la password appena scelta.</p>
<p class="links"><a href="${escapeHtml(appUrl)}" autofocus>Accedi</a></p>`,
  );
}

const INVITATION_REFUSAL: Record<'invalid' | 'expired' | 'used' | 'disabled', string> = {
  invalid: 'Il collegamento di invito non è valido: controlla di averlo copiato per intero.',
  expired: 'Il collegamento di invito è scaduto: chiedi a chi ti ha invitato di inviarne uno nuovo.',
  used: 'Il collegamento di invito è già stato usato: accedi con la tua e-mail e la password, oppure con un codice via e-mail.',
  disabled: 'Il tuo utente è stato disattivato: rivolgiti a chi ti ha invitato.',
};

/** A link that is not (or no longer) good. */
export function invitationRefusedPage(reason: keyof typeof INVITATION_REFUSAL, appUrl: string): string {
  return layout(
    'Invito non valido',
    `<h1>Invito non valido</h1>
<p class="error" role="alert">${escapeHtml(INVITATION_REFUSAL[reason])}</p>
<p class="links"><a href="${escapeHtml(appUrl)}" autofocus>Vai all’accesso</a></p>`,
  );
}

export interface ChangePasswordPageOptions {
  /** Where the form posts (the interaction's password address). */
  action: string;
  abortUrl: string;
  /** The signed proof that the current password was just typed correctly (hidden field). */
  token: string;
  /** The rules, said before the user types (e.g. "Almeno 8 caratteri"). */
  rules: string[];
  errors?: string[];
}

/** "Cambia la password": asked after a correct password that an administrator set (forced change). */
export function changePasswordPage(options: ChangePasswordPageOptions): string {
  const errors = options.errors ?? [];
  return layout(
    'Cambia la password',
    `<h1>Cambia la password</h1>
<p class="info">La password è stata impostata da un amministratore: scegline una nuova per continuare.</p>
<ul class="muted" id="password-rules">${options.rules.map((rule) => `<li>${escapeHtml(rule)}</li>`).join('')}</ul>
${errors.length > 0 ? `<div class="error" role="alert" id="password-error">${errors.map((e) => `<p>${escapeHtml(e)}</p>`).join('')}</div>` : ''}
<form method="post" action="${escapeHtml(options.action)}" autocomplete="off"${errors.length > 0 ? ' aria-describedby="password-error"' : ''}>
  <input type="hidden" name="token" value="${escapeHtml(options.token)}">
  <label for="new-password">Nuova password</label>
  <input id="new-password" name="password" type="password" autocomplete="new-password" required autofocus aria-describedby="password-rules">
  <label for="confirm-password">Ripeti la nuova password</label>
  <input id="confirm-password" name="confirm" type="password" autocomplete="new-password" required>
  <button type="submit">Cambia la password e accedi</button>
</form>
<p class="links"><a href="${escapeHtml(options.abortUrl)}">Annulla</a></p>`,
  );
}

/** The confirmation oidc-provider asks for on logout; `form` is its hidden form (with the anti-forgery value). */
export function logoutPage(form: string, cancelUrl: string): string {
  return layout(
    'Uscita',
    `<h1>Vuoi uscire?</h1>
<p>Uscirai dall’area di lavoro su questo browser.</p>
${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Esci</button>
<p class="links"><a href="${escapeHtml(cancelUrl)}">Rimani connesso</a></p>`,
  );
}

/** Submits the logout form as soon as the page is parsed; allowed by its hash, the only script these pages run. */
export const AUTO_LOGOUT_SCRIPT = "document.getElementById('op.logoutForm').submit();";

/** The page headers with the auto-submit script allowed (CSP hash), nothing else. */
export const AUTO_LOGOUT_HEADERS: Record<string, string> = {
  ...PAGE_SECURITY_HEADERS,
  'Content-Security-Policy': `${PAGE_SECURITY_HEADERS['Content-Security-Policy']}; script-src 'sha256-${createHash('sha256').update(AUTO_LOGOUT_SCRIPT).digest('base64')}'`,
};

/**
 * Logout asked by the signed-in user's own client (a valid id_token_hint for this session): no
 * question, the form posts itself. Without JavaScript the same button as the confirmation shows.
 */
export function autoLogoutPage(form: string): string {
  const withChoice = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
  return layout(
    'Uscita',
    `<h1>Uscita in corso…</h1>
${withChoice}
<noscript><button autofocus type="submit" form="op.logoutForm">Esci</button></noscript>
<script>${AUTO_LOGOUT_SCRIPT}</script>`,
  );
}

export function loggedOutPage(appUrl: string): string {
  return layout(
    'Uscita completata',
    `<h1>Sei uscito</h1>
<p>La sessione è stata chiusa.</p>
<p class="links"><a href="${escapeHtml(appUrl)}" autofocus>Accedi di nuovo</a></p>`,
  );
}

const ERROR_TEXT: Record<string, string> = {
  invalid_request: 'La richiesta di accesso non è valida.',
  invalid_client: 'L’applicazione che ha chiesto l’accesso non è riconosciuta.',
  invalid_redirect_uri: 'L’indirizzo di ritorno dell’applicazione non è registrato.',
  unauthorized_client: 'L’applicazione non è autorizzata a questa richiesta.',
  access_denied: 'Accesso negato.',
  invalid_scope: 'L’applicazione ha chiesto autorizzazioni non disponibili.',
  invalid_target: 'L’applicazione ha chiesto l’accesso a una risorsa sconosciuta.',
  login_required: 'È necessario accedere.',
  session_not_found: 'La sessione di accesso è scaduta o non è stata trovata.',
  server_error: 'Si è verificato un errore interno.',
  temporarily_unavailable: 'Il servizio di accesso non è disponibile al momento.',
};

/** An error page; `detail` is the technical description (in English, from the protocol library) shown small. */
export function errorPage(options: { error?: string; detail?: string; appUrl: string }): string {
  const text = (options.error && ERROR_TEXT[options.error]) ?? 'Non è stato possibile completare l’accesso.';
  return layout(
    'Errore di accesso',
    `<h1>Accesso non riuscito</h1>
<p class="error" role="alert">${escapeHtml(text)}</p>
<p>Torna all’applicazione e riprova. Se il problema continua, rivolgiti all’amministratore.</p>
${options.error || options.detail ? `<pre>${escapeHtml([options.error, options.detail].filter(Boolean).join(': '))}</pre>` : ''}
<p class="links"><a href="${escapeHtml(options.appUrl)}" autofocus>Torna all’applicazione</a></p>`,
  );
}
