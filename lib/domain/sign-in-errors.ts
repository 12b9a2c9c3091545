/**
 * How next-auth's `authorize` tells the sign-in form that the gateway refused the sign-in with
 * 429: it throws `throttled:<Retry-After seconds>`, which reaches the browser as the `error` of
 * next-auth's `signIn`. Shared by the server and the form: nothing server-only here.
 */
export const SIGN_IN_THROTTLED = 'throttled';

/**
 * `guarded:<Retry-After seconds>`: the account had many failed sign-ins and this browser's address
 * is not one it signed in from; the password goes with the second factor's code, or it waits.
 */
export const SIGN_IN_GUARDED = 'guarded';

/** Thrown (as the error's text) when the account has a second factor and no code was sent. */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';

/**
 * Thrown when the code was right but already accepted once (it signed in or confirmed the set-up
 * within its 30 seconds): the current code, spent — the gateway's `error.second_factor_code_used`.
 */
export const SECOND_FACTOR_CODE_USED = 'second_factor_code_used';

/** What the sign-in form says for the `error` of a failed next-auth sign-in. */
export function signInErrorMessage(error: string): string {
  const throttled = new RegExp(`^${SIGN_IN_THROTTLED}:(\\d*)$`).exec(error);
  if (throttled) {
    const minutes = Math.max(1, Math.ceil(Number(throttled[1] || 60) / 60));
    return `Too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  if (new RegExp(`^${SIGN_IN_GUARDED}:\\d*$`).test(error))
    return 'This account has had many failed sign-ins. Enter the code from your authenticator app (or a recovery code) with your password, or sign in from a device you used before';
  if (error === SECOND_FACTOR_REQUIRED)
    return 'Enter the 6-digit code from your authenticator app, or a recovery code';
  if (error === SECOND_FACTOR_CODE_USED)
    return 'This code was just used: wait for the next one from your app (a new code every 30 seconds), or enter a recovery code';
  return 'Wrong email or password';
}
