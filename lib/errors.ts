/** Typed errors thrown by services; lib/api/errors.ts maps them to the wire envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(400, 'error.bad_request', message);
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
