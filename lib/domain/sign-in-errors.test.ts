import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from './sign-in-errors';

describe('signInErrorMessage', () => {
  it.each([
    ['CredentialsSignin', 'Wrong email or password'],
    ['second_factor_required', 'Enter the 6-digit code from your authenticator app, or a recovery code'],
    [
      'second_factor_code_used',
      'This code was just used: wait for the next one from your app (a new code every 30 seconds), or enter a recovery code',
    ],
    ['throttled:840', 'Too many failed sign-ins; try again in 14 minutes'],
    ['throttled:900', 'Too many failed sign-ins; try again in 15 minutes'],
    ['throttled:30', 'Too many failed sign-ins; try again in 1 minute'],
    ['throttled:', 'Too many failed sign-ins; try again in 1 minute'],
    ['throttled:abc', 'Wrong email or password'],
    [
      'guarded:840',
      'This account has had many failed sign-ins. Enter the code from your authenticator app (or a recovery code) with your password, or sign in from a device you used before',
    ],
  ])('%s → %s', (error, message) => {
    expect(signInErrorMessage(error)).toBe(message);
  });
});
