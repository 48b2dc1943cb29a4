/**
 * Server-rendered pages of the built-in provider (sign-in, choosing a password, sign-out, errors).
 * Plain HTML with a <style> block: the CSP allows inline styles but no inline script, so the only
 * script is the same-origin sign-out helper served by the interaction routes.
 */

import escapeHtml from 'escape-html';
import { MIN_PASSWORD_LENGTH } from './password';

/** What every page rendered outside Fastify (through oidc-provider) carries instead of helmet's headers. */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem;
  font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
  background:#f8fafc;color:#0f172a;-webkit-font-smoothing:antialiased}
main{width:100%;max-width:24rem}
.brand{margin:0 0 1.5rem;text-align:center;font-size:1.5rem;font-weight:700;letter-spacing:.05em;color:#2563eb}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:2rem;box-shadow:0 1px 3px rgba(15,23,42,.08)}
h1{margin:0 0 1.25rem;font-size:1.25rem;font-weight:600}
p{margin:0 0 1rem;line-height:1.5;color:#475569}
label{display:block;margin:0 0 .375rem;font-size:.875rem;font-weight:500}
input{display:block;width:100%;margin:0 0 1rem;padding:.5rem .75rem;font:inherit;color:inherit;
  border:1px solid #cbd5e1;border-radius:.5rem;background:#fff}
input:focus{outline:2px solid #93c5fd;outline-offset:1px;border-color:#2563eb}
button,.button{display:block;width:100%;padding:.625rem 1rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;
  color:#fff;background:#2563eb;border:0;border-radius:.5rem;cursor:pointer}
button:hover,.button:hover{background:#1d4ed8}
button:focus-visible,.button:focus-visible{outline:2px solid #93c5fd;outline-offset:2px}
.secondary{margin-top:.75rem;color:#334155;background:transparent;border:1px solid #e2e8f0}
.secondary:hover{background:#f1f5f9}
.error{margin:0 0 1rem;padding:.625rem .75rem;font-size:.875rem;color:#b91c1c;background:#fef2f2;border:1px solid #fecaca;border-radius:.5rem}
.hint{margin:-.5rem 0 1rem;font-size:.8125rem}
input[readonly]{color:#475569;background:#f1f5f9}
@media (prefers-color-scheme:dark){
  body{background:#020617;color:#f1f5f9}.card{background:#0f172a;border-color:#1e293b}p{color:#94a3b8}
  input{background:#020617;border-color:#334155}.secondary{color:#e2e8f0;border-color:#334155}.secondary:hover{background:#1e293b}
  .error{color:#fecaca;background:#450a0a;border-color:#7f1d1d}input[readonly]{color:#94a3b8;background:#0f172a}
}`;

function layout(title: string, content: string, scripts: string[] = []): string {
  const tags = scripts.map((src) => `<script src="${escapeHtml(src)}" defer></script>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - KAI</title>
<style>${STYLE}</style>${tags}
</head>
<body>
<main>
<p class="brand">KAI</p>
<div class="card">
${content}
</div>
</main>
</body>
</html>`;
}

/** Never says whether the email or the password was wrong. */
export const LOGIN_ERROR = 'Invalid email or password.';

export interface LoginPageInput {
  loginAction: string;
  abortAction: string;
  email?: string;
  error?: string;
}

export function loginPage(input: LoginPageInput): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return layout(
    'Sign in',
    `<h1>Sign in to KAI</h1>
${error}<form method="post" action="${escapeHtml(input.loginAction)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required${input.email ? '' : ' autofocus'} value="${escapeHtml(input.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${input.email ? ' autofocus' : ''}>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}">
<button type="submit" class="secondary">Cancel</button>
</form>`,
  );
}

export interface ChoosePasswordPageInput {
  action: string;
  email: string;
  heading: string;
  intro: string;
  submitLabel: string;
  /** A Cancel button that ends the sign-in, on the page shown during one. */
  abortAction?: string;
  error?: string;
}

/**
 * A password of one's own, after a one-time password or from an invitation link. The email sits
 * in a read-only field so password managers save the new password under it.
 */
export function choosePasswordPage(input: ChoosePasswordPageInput): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  const cancel = input.abortAction
    ? `<form method="post" action="${escapeHtml(input.abortAction)}">
<button type="submit" class="secondary">Cancel</button>
</form>`
    : '';
  return layout(
    input.heading,
    `<h1>${escapeHtml(input.heading)}</h1>
<p>${escapeHtml(input.intro)}</p>
${error}<form method="post" action="${escapeHtml(input.action)}">
<label for="email">Email</label>
<input id="email" type="email" autocomplete="username" readonly value="${escapeHtml(input.email)}">
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" aria-describedby="password-hint" autofocus>
<p id="password-hint" class="hint">At least ${MIN_PASSWORD_LENGTH} characters.</p>
<label for="confirmation">Confirm new password</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required>
<button type="submit">${escapeHtml(input.submitLabel)}</button>
</form>
${cancel}`,
  );
}

export function passwordSetPage(appUrl: string): string {
  return layout(
    'Password set',
    `<h1>Your password is set</h1>
<p>Sign in to KAI with your email and the password you just chose.</p>
<a class="button" href="${escapeHtml(appUrl)}">Go to KAI</a>`,
  );
}

/**
 * `form` is oidc-provider's hidden form (it carries the xsrf token). The script clicks the
 * button for the user, so signing out from the app stays one click; without JavaScript the
 * button does the same.
 */
export function logoutPage(form: string, scriptSrc: string): string {
  return layout(
    'Sign out',
    `<h1>Sign out of KAI</h1>
<p>Signing you out...</p>
${form}
<button id="kai-sign-out" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
    [scriptSrc],
  );
}

export function signedOutPage(appUrl: string): string {
  return layout(
    'Signed out',
    `<h1>You are signed out</h1>
<p>You have been signed out of KAI.</p>
<a class="button" href="${escapeHtml(appUrl)}">Back to KAI</a>`,
  );
}

export function errorPage(input: { heading: string; message: string; appUrl: string }): string {
  return layout(
    input.heading,
    `<h1>${escapeHtml(input.heading)}</h1>
<p>${escapeHtml(input.message)}</p>
<a class="button" href="${escapeHtml(input.appUrl)}">Back to KAI</a>`,
  );
}

/** Served as a file: inline script would be blocked by the CSP. */
export const LOGOUT_SCRIPT = `document.addEventListener('DOMContentLoaded', function () {
  var button = document.getElementById('kai-sign-out');
  if (button) button.click();
});
`;
