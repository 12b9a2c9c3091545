/** Typed errors thrown by services; lib/api/errors.ts maps them to the wire envelope. */
export class AppError extends Error {
  /**
   * The request's field at fault, when one is (its wire name; a nested one dotted, `debtor.name`):
   * the envelope's `field` (docs/decisions.md "Errors"), which a form puts its message under.
   */
  field?: string;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** Names the field at fault: `throw new ConflictError('…').at('domain')`. */
  at(field: string): this {
    this.field = field;
    return this;
  }
}

/**
 * The field a refusal's message names first, as the gateway's messages do (DESIGN §8): a wire name
 * followed by a colon or by "must", "is" or "resolves" — "amount: …", "payment_address must look
 * like …", "url resolves to …". A message that starts with a capital, or with any other word,
 * names no field (a rule across fields: "An organization must keep at least one admin").
 */
export function fieldNamedBy(message: string): string | undefined {
  return /^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*)(?::| must | is | resolves )/.exec(message)?.[1];
}

export class ValidationError extends AppError {
  /** `field`: the field at fault; null for none; left out, the one the message names first. */
  constructor(message: string, field?: string | null) {
    super(400, 'error.bad_request', message);
    this.field = field === undefined ? fieldNamedBy(message) : (field ?? undefined);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, 'error.unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'This credential lacks the permission for this operation') {
    super(403, 'error.forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Requested resource not found') {
    super(404, 'error.not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Resource already exists') {
    super(409, 'error.conflict', message);
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
    super(405, 'error.method_not_allowed', `${method} is not allowed on this path; it allows ${list}`, {
      Allow: list,
    });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'Request body exceeds the 64 KiB limit') {
    super(413, 'error.payload_too_large', message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Content-Type must be application/json') {
    super(415, 'error.unsupported_media_type', message);
  }
}

export class IdempotencyKeyReusedError extends AppError {
  constructor(message = 'This idempotency-key was already used with a different request body') {
    super(422, 'error.idempotency_key_reused', message);
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number, message = 'Too many requests for this credential; retry later') {
    super(429, 'error.rate_limited', message, {
      'Retry-After': String(retryAfterSeconds),
    });
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
    super(401, 'error.second_factor_required', message);
  }
}

/**
 * Sign-in with an authenticator code that was already accepted (its 30-second step, or a later
 * one, signed in or confirmed the set-up): 401 with its own code, so a client can say "wait for
 * the next one" rather than "wrong code" — it is the current code, just spent. A failed sign-in
 * (an UnauthorizedError: the sign-in throttle counts it).
 */
export class SecondFactorCodeUsedError extends UnauthorizedError {
  override readonly code = 'error.second_factor_code_used';
  constructor() {
    super('This authentication code was used already: wait for the next one');
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
      429,
      'error.sign_in_guarded',
      `This account has had many failed sign-ins: sign in from a device you signed in from before, or give your authenticator code or a recovery code with your password (otp_code); or try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/** A `current_password` that is not the user's: 403, counted as a failed sign-in of theirs. */
export class CurrentPasswordRefusedError extends ForbiddenError {
  constructor() {
    super('current_password is not your current password');
    this.field = 'current_password'; // a 403 names no field by itself; the form shows it under the field
  }
}
