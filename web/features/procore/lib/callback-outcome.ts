import type { ProcoreAuthenticateResponse } from '@contract/procore';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/handle-error';
import { CALLBACK_MESSAGES } from './procore-messages';

export type CallbackFailure = { message: string; detail?: string };

/** What Procore put in the redirect: a code and state, or an `error` (e.g. access_denied). */
export type CallbackParams = { code: string; state: string } | { failure: CallbackFailure };

export function readCallbackParams(search: string): CallbackParams {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error) {
    return { failure: { message: CALLBACK_MESSAGES.authFailed, detail: params.get('error_description')?.trim() || undefined } };
  }
  const code = params.get('code')?.trim();
  if (!code) return { failure: { message: CALLBACK_MESSAGES.missingCode } };
  return { code, state: params.get('state')?.trim() ?? '' };
}

/** An answer the server gave about the code (4xx, or success false) is an authentication failure. */
export function describeExchangeFailure(err: unknown): CallbackFailure {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
    return { message: CALLBACK_MESSAGES.authFailed, detail: serverMessage(err) };
  }
  return { message: CALLBACK_MESSAGES.otherError };
}

export function describeExchangeResult(result: ProcoreAuthenticateResponse): CallbackFailure | null {
  return result.success ? null : { message: CALLBACK_MESSAGES.authFailed };
}

/** The `state` query parameter of Procore's authorize URL, which the exchange must send back. */
export function readAuthUrlState(authUrl: string | null): string {
  if (!authUrl) return '';
  try {
    return new URL(authUrl).searchParams.get('state') ?? '';
  } catch {
    return '';
  }
}
