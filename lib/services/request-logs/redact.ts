/**
 * What the request log never stores (docs/decisions.md, "Request log"): credentials (API key
 * secrets, access tokens and other JWTs, webhook signing secrets), passwords, one-time and
 * recovery codes, authenticator enrolment secrets, passkey answers and invitation tokens —
 * wherever they appear: by the name of the field that holds them, and by their form in any text
 * (a secret pasted in a description is found too). Credential headers and cookies are never read.
 */
export const REDACTED = '[redacted]';

/** Fields whose value is a secret, whatever it looks like. */
const SECRET_FIELD =
  /pass(word|phrase)?$|password|secret|^otp|otp_code|recovery_codes|otpauth|qr_svg|access_token|refresh_token|id_token|authorization|api_key|cookie|passkey|assertion|^credential$|private_key/i;

/**
 * `code` is a one-time code where a second factor is confirmed or turned off (6 digits) or a
 * recovery code (`xxxxx-xxxxx`), and an error's or an exception's code elsewhere
 * (`error.conflict`, `PAYMENT_EXPIRED`), which a reader needs: redacted by its form.
 */
const ONE_TIME_CODE = /^\s*(\d{4,10}|[a-z2-7]{5}[\s-]?[a-z2-7]{5})\s*$/i;
const isSecretField = (key: string, value: unknown) =>
  SECRET_FIELD.test(key) || (key === 'code' && typeof value === 'string' && ONE_TIME_CODE.test(value));

/** Secrets by their form, in any text. */
const SECRET_TEXT = [
  /sk_(sandbox|live)_[A-Za-z0-9_-]+/g,
  /whsec_[A-Za-z0-9+/=_-]+/g,
  // A JWT: three base64url parts, the first a JSON header ("{" → "eyJ").
  /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g,
  /otpauth:\/\/[^\s"']+/g,
  /inv_[A-Za-z0-9_-]+/g,
];

export function redactText(text: string): string {
  let out = text;
  for (const re of SECRET_TEXT) out = out.replace(re, REDACTED);
  return out;
}

/** A JSON value with secret fields and secret-looking text replaced (iterative: no stack limit). */
function redactJson(value: unknown): unknown {
  const root = { v: value };
  const stack: Array<Record<string, unknown> | unknown[]> = [root];
  while (stack.length) {
    const node = stack.pop()!;
    const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    for (const k of keys) {
      const v = (node as Record<string | number, unknown>)[k];
      if (typeof k === 'string' && k !== 'v' && isSecretField(k, v) && v !== null && v !== undefined) {
        (node as Record<string, unknown>)[k] = REDACTED;
      } else if (typeof v === 'string') {
        (node as Record<string | number, unknown>)[k] = redactText(v);
      } else if (v !== null && typeof v === 'object') {
        stack.push(v as Record<string, unknown>);
      }
    }
  }
  return root.v;
}

/**
 * Whether a body's text may hold something to redact: a secret field's name or a secret's form.
 * Most bodies (payments, tasks, lists) hold neither and are kept as they are, without being
 * parsed and written again: this test is what the log costs them.
 */
const MAY_HOLD_SECRET =
  /pass|secret|otp|"code"|recovery|access_token|refresh_token|id_token|authorization|api_key|cookie|passkey|assertion|"credential"|private_key|sk_(sandbox|live)_|whsec_|eyJ|inv_/i;

/** The most of a body kept: enough for any request the API takes (64 KiB) is not needed to debug one. */
export const MAX_BODY_CHARS = 16 * 1024;

/**
 * A body as the log keeps it: JSON redacted field by field and re-serialized; other text (or JSON
 * that does not parse) redacted by form. Over MAX_BODY_CHARS it is cut, and says so.
 */
export function redactBody(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text === '') return null;
  let out = text;
  if (MAY_HOLD_SECRET.test(text)) {
    try {
      out = JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      out = redactText(text);
    }
  }
  return out.length > MAX_BODY_CHARS
    ? `${out.slice(0, MAX_BODY_CHARS)}… [cut at ${MAX_BODY_CHARS} characters]`
    : out;
}

/** A query string with secret parameters and secret-looking values replaced. */
export function redactQuery(query: string): string | null {
  if (!query) return null;
  const params = new URLSearchParams(query);
  for (const [k, v] of [...params]) params.set(k, SECRET_FIELD.test(k) ? REDACTED : redactText(v));
  return params.toString();
}
