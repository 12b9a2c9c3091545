import { describe, expect, it } from 'vitest';
import { signInErrorMessage } from './sign-in-errors';

describe('signInErrorMessage', () => {
  it.each([
    ['CredentialsSignin', 'Wrong email or password'],
    ['second_factor_required', 'Enter the 6-digit code from your authenticator app, or a recovery code'],
    ['throttled:840', 'Too many failed sign-ins; try again in 14 minutes'],
    ['throttled:900', 'Too many failed sign-ins; try again in 15 minutes'],
    ['throttled:30', 'Too many failed sign-ins; try again in 1 minute'],
    ['throttled:', 'Too many failed sign-ins; try again in 1 minute'],
    ['throttled:abc', 'Wrong email or password'],
  ])('%s → %s', (error, message) => {
    expect(signInErrorMessage(error)).toBe(message);
  });
});
