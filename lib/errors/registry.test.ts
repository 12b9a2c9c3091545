import { describe, expect, it } from 'vitest';
import {
  AppError,
  ConflictError,
  CurrentPasswordRefusedError,
  errorBody,
  ForbiddenError,
  IdempotencyKeyReusedError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  SecondFactorCodeUsedError,
  SecondFactorRequiredError,
  SignInGuardedError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '.';
import { ERROR_CODES, statusDescription } from './registry';

describe('the error-code registry', () => {
  it('gives every typed error its status', () => {
    const thrown: AppError[] = [
      new ValidationError('x', null),
      new UnauthorizedError(),
      new SecondFactorRequiredError(),
      new SecondFactorCodeUsedError(),
      new ForbiddenError(),
      new CurrentPasswordRefusedError(),
      new NotFoundError(),
      new MethodNotAllowedError('PUT', ['GET']),
      new ConflictError(),
      new PayloadTooLargeError(),
      new UnsupportedMediaTypeError(),
      new IdempotencyKeyReusedError(),
      new RateLimitedError(1),
      new SignInGuardedError(60, true),
      new AppError('error.internal', 'x'),
      new AppError('error.not_ready', 'x'),
    ];
    for (const err of thrown) expect(err.status, err.code).toBe(ERROR_CODES[err.code].status);
    // The sign-in throttle counts a spent code as a failed sign-in, not a missing one.
    expect(new SecondFactorCodeUsedError()).toBeInstanceOf(UnauthorizedError);
    expect(new SecondFactorRequiredError()).not.toBeInstanceOf(UnauthorizedError);
  });

  it('names the field of a code tied to one, unless the thrower names another or none', () => {
    expect(errorBody(new SecondFactorRequiredError())).toEqual({
      code: 'error.second_factor_required',
      message: expect.any(String),
      field: 'otp_code',
    });
    expect(new AppError('error.second_factor_required', 'x', { field: null }).field).toBeUndefined();
    expect(errorBody(new ValidationError('amount: too large', 'amount')).field).toBe('amount');
    expect(errorBody(new ValidationError('amount: too large', null))).toEqual({
      code: 'error.bad_request',
      message: 'amount: too large',
    });
    expect(errorBody(new CurrentPasswordRefusedError()).field).toBe('current_password');
  });

  it("describes each status by its codes, as the document's responses say", () => {
    expect(statusDescription(404)).toBe('Resource not found (error.not_found)');
    expect(statusDescription(401)).toMatch(
      /^Missing or invalid credentials \(error\.unauthorized\); .*\(error\.second_factor_required\); .*\(error\.second_factor_code_used\)$/,
    );
    expect(statusDescription(418)).toBeUndefined();
  });
});
