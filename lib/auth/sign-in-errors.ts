/**
 * How next-auth's `authorize` tells the sign-in form that the gateway refused the sign-in with
 * 429: it throws `throttled:<Retry-After seconds>`, which reaches the browser as the `error` of
 * next-auth's `signIn`. Shared by the server and the form: nothing server-only here.
 */
export const SIGN_IN_THROTTLED = 'throttled';

/** Thrown (as the error's text) when the account has a second factor and no code was sent. */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';

/** What the sign-in form says for the `error` of a failed next-auth sign-in. */
export function signInErrorMessage(error: string): string {
  const throttled = new RegExp(`^${SIGN_IN_THROTTLED}:(\\d*)$`).exec(error);
  if (throttled) {
    const minutes = Math.max(1, Math.ceil(Number(throttled[1] || 60) / 60));
    return `Too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  if (error === SECOND_FACTOR_REQUIRED)
    return 'Enter the 6-digit code from your authenticator app, or a recovery code';
  return 'Wrong email or password';
}
