import { errorCodeEntry, type CodeOfStatus, type ErrorCode } from './registry';

export { ERROR_CODE_LIST, statusDescription, type ErrorCode } from './registry';

/**
 * Typed errors thrown by services; lib/api/errors.ts maps them to the wire envelope. The code is
 * one of the registry's (lib/errors/registry.ts), which gives its status: a new code is a line
 * there, thrown as `new AppError('error.…', message)` or through a class of its own here.
 */
export class AppError extends Error {
  readonly status: number;
  /**
   * The request's field at fault, when one is (its wire name; a nested one dotted, `debtor.name`):
   * the envelope's `field` (docs/decisions.md "Errors"), which a form puts its message under.
   * Given where the error is thrown, or the registry's for a code tied to one field.
   */
  field?: string;
  readonly headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { field?: string | null; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = new.target.name;
    const entry = errorCodeEntry(code);
    this.status = entry.status;
    this.field = options.field === undefined ? entry.field : (options.field ?? undefined);
    this.headers = options.headers;
  }

  /** Names the field at fault: `throw new ConflictError('…').at('domain')`. */
  at(field: string): this {
    this.field = field;
    return this;
  }
}

/** The envelope of DESIGN §8 for a refusal: `{code, message}`, and `field` when it names one. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  field?: string;
}

export function errorBody(err: AppError): ErrorBody {
  return { code: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) };
}

/**
 * 400 error.bad_request. `field`: the request field at fault, by its wire name (a nested one
 * dotted), which the message names too; null when the refusal concerns a header, the body as a
 * whole, several fields or a rule across them. Always given: a message is never read for it.
 */
export class ValidationError extends AppError {
  constructor(message: string, field: string | null) {
    super('error.bad_request', message, { field });
  }
}

/** 401: error.unauthorized, or another code of the status (a sign-in's second factor). */
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required', code: CodeOfStatus<401> = 'error.unauthorized') {
    super(code, message);
  }
}

/**
 * A known API key refused — revoked, disabled, expired, or a secret a rotation replaced: the
 * refusal is recorded in that key's own namespace's request log (an unknown secret names no
 * namespace and is recorded nowhere).
 */
export class KeyRefusedError extends UnauthorizedError {
  constructor(
    message: string,
    readonly key: { id: string; name: string; orgId: string; partnerId: string; sandbox: boolean },
  ) {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'This credential lacks the permission for this operation') {
    super('error.forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Requested resource not found') {
    super('error.not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Resource already exists') {
    super('error.conflict', message);
  }
}

/**
 * A method the path does not take (TRACE, or PUT where only GET is declared): `Allow` lists the
 * ones it takes, as RFC 9110 §15.5.6 asks. The path is left out of the message: a gateway path can
 * carry a secret (an API key's rotation).
 */
export class MethodNotAllowedError extends AppError {
  constructor(method: string, allowed: readonly string[]) {
    const list = allowed.join(', ');
    super('error.method_not_allowed', `${method} is not allowed on this path; it allows ${list}`, {
      headers: { Allow: list },
    });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'Request body exceeds the 64 KiB limit') {
    super('error.payload_too_large', message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Content-Type must be application/json') {
    super('error.unsupported_media_type', message);
  }
}

export class IdempotencyKeyReusedError extends AppError {
  constructor(message = 'This idempotency-key was already used with a different request body') {
    super('error.idempotency_key_reused', message);
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number, message = 'Too many requests for this credential; retry later') {
    super('error.rate_limited', message, { headers: { 'Retry-After': String(retryAfterSeconds) } });
  }
}

/** PostgreSQL unique violation, on either driver. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** A PostgreSQL error (or one it caused) raised by the named constraint, on either driver. */
export function violatesConstraint(err: unknown, constraint: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if ((e as { constraint?: string }).constraint === constraint) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Sign-in with the right password of an account that has a second factor, without its code: 401
 * with its own code, so a client knows to ask for it. Not a failed attempt (the sign-in throttle
 * counts only wrong credentials).
 */
export class SecondFactorRequiredError extends AppError {
  constructor(
    message = 'Enter the 6-digit code from your authenticator app, or a recovery code, as otp_code; or sign in with a passkey (POST /organization/signin/passkey)',
  ) {
    super('error.second_factor_required', message);
  }
}

/**
 * Sign-in with an authenticator code that was already accepted (its 30-second step, or a later
 * one, signed in or confirmed the set-up): 401 with its own code, so a client can say "wait for
 * the next one" rather than "wrong code" — it is the current code, just spent. A failed sign-in
 * (an UnauthorizedError: the sign-in throttle counts it).
 */
export class SecondFactorCodeUsedError extends UnauthorizedError {
  constructor() {
    super(
      'This authentication code was used already: wait for the next one',
      'error.second_factor_code_used',
    );
  }
}

/**
 * A sign-in to an account guarded after many failed sign-ins (lib/api/signin-throttle.ts), from
 * an address it has not signed in from, without a valid second factor: 429 with its own code, so a
 * client can ask for the code with the password. The same answer whether the password was right
 * or not. `failed`: a password or code was checked and refused, which the throttle counts.
 */
export class SignInGuardedError extends AppError {
  constructor(
    retryAfterSeconds: number,
    readonly failed: boolean,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'error.sign_in_guarded',
      `This account has had many failed sign-ins: sign in from a device you signed in from before, or give your authenticator code or a recovery code with your password (otp_code); or try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      { headers: { 'Retry-After': String(retryAfterSeconds) } },
    );
  }
}

/** A `current_password` that is not the user's: 403, counted as a failed sign-in of theirs. */
export class CurrentPasswordRefusedError extends ForbiddenError {
  constructor() {
    super('current_password is not your current password');
    this.at('current_password'); // a 403 names no field by itself; the form shows it under the field
  }
}
