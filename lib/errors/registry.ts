/**
 * The API's error codes (DESIGN §8), each once: the HTTP status it is answered with, what the
 * OpenAPI document says of it, and, for a code that always concerns one request field, that
 * field's wire name (the envelope's `field`; a refusal of a code without one names its field when
 * it is thrown). Everything else is made from this table: a typed error's status
 * (lib/errors/index.ts: `AppError` takes only a code listed here), the document's `Error.code`
 * enum (lib/schemas/common.ts) and the description of each error status of each operation
 * (lib/api/define-route.ts). Pure: the dashboard's browser code may read it.
 */
interface ErrorCodeEntry {
  status: number;
  /** What the document says of the code, a sentence without its final stop. */
  description: string;
  /** The request field every refusal of this code concerns. */
  field?: string;
}

export const ERROR_CODES = {
  'error.bad_request': {
    status: 400,
    description:
      'Invalid request: a field (named by `field` when one is at fault), a header, the body or the path',
  },
  'error.unauthorized': { status: 401, description: 'Missing or invalid credentials' },
  'error.second_factor_required': {
    status: 401,
    description: 'At sign-in, the right password of an account with a second factor, without its code',
    field: 'otp_code',
  },
  'error.second_factor_code_used': {
    status: 401,
    description: 'At sign-in, an authenticator code accepted once already: wait for the next one',
    field: 'otp_code',
  },
  'error.forbidden': { status: 403, description: 'The credential lacks the permission' },
  'error.not_found': { status: 404, description: 'Resource not found' },
  'error.method_not_allowed': {
    status: 405,
    description: 'The path does not take this method; Allow lists those it takes',
  },
  'error.conflict': { status: 409, description: 'Conflict with the current state, or a value taken' },
  'error.payload_too_large': { status: 413, description: 'Body over 64 KiB' },
  'error.unsupported_media_type': { status: 415, description: 'Body is not JSON' },
  'error.idempotency_key_reused': {
    status: 422,
    description: 'Idempotency key reused with another body',
  },
  'error.request_header_fields_too_large': {
    status: 431,
    description: 'The request line and headers together are over 16 KiB (a URL of about that length)',
  },
  'error.rate_limited': { status: 429, description: 'Rate limited; Retry-After says when to retry' },
  'error.sign_in_guarded': {
    status: 429,
    description:
      'At sign-in, an account guarded after many failed sign-ins, from a new address without otp_code',
  },
  'error.internal': { status: 500, description: 'Internal error; the message quotes the request id' },
  'error.not_ready': { status: 503, description: 'Not ready to serve' },
} as const satisfies Record<`error.${string}`, ErrorCodeEntry>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes answered with `status` (`CodeOfStatus<401>`: the unauthorized codes). */
export type CodeOfStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never;
}[ErrorCode];

/** Every code, for the document's enum. */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** An entry read by its code; the table's literal types stay for `CodeOfStatus`. */
export const errorCodeEntry = (code: ErrorCode): ErrorCodeEntry => ERROR_CODES[code];

/**
 * What an operation's response of `status` says: each code answered with it, described
 * ("Missing or invalid credentials (error.unauthorized); At sign-in, …"). Undefined for a status
 * no code has.
 */
export function statusDescription(status: number): string | undefined {
  const parts = ERROR_CODE_LIST.filter((code) => ERROR_CODES[code].status === status).map(
    (code) => `${ERROR_CODES[code].description} (${code})`,
  );
  return parts.length > 0 ? parts.join('; ') : undefined;
}
