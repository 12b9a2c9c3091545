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
 * (`error.conflict`, `PAYMENT_EXPIRED`), which a reader needs: redacted by its form (a number
 * too: a client may send 123456 unquoted).
 */
const ONE_TIME_CODE = /^\s*(\d{4,10}|[a-z2-7]{5}[\s-]?[a-z2-7]{5})\s*$/i;
const isSecretField = (key: string, value: unknown) =>
  SECRET_FIELD.test(key) ||
  (key === 'code' &&
    (typeof value === 'string' || typeof value === 'number') &&
    ONE_TIME_CODE.test(String(value)));

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

/**
 * A JSON value with secret fields and secret-looking text replaced, at any depth, in objects and
 * arrays alike (iterative: no stack limit). It works on the parsed value, so a key or a string
 * is matched as it decodes, whatever escapes spelt it (`"\u0070assword"`, `"\u0073k_live_…"`).
 */
function redactJson(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  const stack: Array<Record<string, unknown> | unknown[]> = [];
  if (value !== null && typeof value === 'object') stack.push(value as Record<string, unknown>);
  while (stack.length) {
    const node = stack.pop()!;
    const isArray = Array.isArray(node);
    const keys = isArray ? node.map((_, i) => i) : Object.keys(node);
    for (const k of keys) {
      const v = (node as Record<string | number, unknown>)[k];
      if (!isArray && isSecretField(k as string, v) && v !== null && v !== undefined) {
        (node as Record<string, unknown>)[k] = REDACTED;
      } else if (typeof v === 'string') {
        (node as Record<string | number, unknown>)[k] = redactText(v);
      } else if (v !== null && typeof v === 'object') {
        stack.push(v as Record<string, unknown>);
      }
    }
  }
  return value;
}

/**
 * The names of secret fields (SECRET_FIELD, and `code` as a whole key) and the forms of secrets
 * (SECRET_TEXT), anywhere in a text.
 */
const SECRET_FIELD_WORD =
  /pass|secret|otp|"code"|recovery|qr_svg|access_token|refresh_token|id_token|authorization|api_key|cookie|assertion|credential|private_key/i;
const SECRET_FORM = /sk_(sandbox|live)_|whsec_|eyJ|inv_/;

/**
 * Whether a body may hold something to redact. Most bodies (payments, tasks, lists) hold neither
 * a secret field's name nor a secret's form and are kept as they are, without being parsed and
 * written again: this test is what the log costs them. It reads the text as sent, which is the
 * text parsing gives only where nothing is escaped: a backslash (a JSON escape, `\u0070assword`)
 * or a percent sign (a form's `p%61ssword`) sends the body through parsing whatever else it holds.
 */
const mayHoldSecret = (text: string) =>
  text.includes('\\') || text.includes('%') || SECRET_FIELD_WORD.test(text) || SECRET_FORM.test(text);

/** What the log keeps of a body that is neither JSON nor a form and may hold a secret. */
export const REDACTED_BODY = '[redacted: not JSON, and may hold a secret]';

/** `a=1&b=2`, as application/x-www-form-urlencoded: no spaces, no JSON, a name and `=` in each part. */
const FORM = /^[^\s{}[\]"=&]+=[^\s]*$/;

/**
 * A body that does not parse as JSON (a malformed one is logged with its 400): a form's fields are
 * decoded and redacted by name and form, as JSON's are; other text that names a secret field or
 * escapes anything is replaced whole (a truncated `{"password":"…` would otherwise be kept), and
 * the rest is redacted by form.
 */
function redactUnparsed(text: string): string {
  if (FORM.test(text)) {
    return redactForm(text);
  }
  if (text.includes('\\') || text.includes('%') || SECRET_FIELD_WORD.test(text)) return REDACTED_BODY;
  return redactText(text);
}

/** The most of a body kept: enough for any request the API takes (64 KiB) is not needed to debug one. */
export const MAX_BODY_CHARS = 16 * 1024;

/**
 * A body as the log keeps it: JSON redacted on its parsed value, field by field at any depth,
 * and written again; a form field by field; other text by form, or whole (redactUnparsed). Over
 * MAX_BODY_CHARS it is cut, and says so.
 */
export function redactBody(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text === '') return null;
  let out = text;
  if (mayHoldSecret(text)) {
    let parsed: unknown;
    let isJson = true;
    try {
      parsed = JSON.parse(text);
    } catch {
      isJson = false;
    }
    out = isJson ? JSON.stringify(redactJson(parsed)) : redactUnparsed(text);
  }
  return out.length > MAX_BODY_CHARS
    ? `${out.slice(0, MAX_BODY_CHARS)}… [cut at ${MAX_BODY_CHARS} characters]`
    : out;
}

/** Form-encoded fields (a query string, a form body) decoded, each redacted by its name and form. */
function redactForm(text: string): string {
  const kept = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(text))
    kept.append(k, isSecretField(k, v) ? REDACTED : redactText(v));
  return kept.toString();
}

/** A query string with secret parameters and secret-looking values replaced. */
export function redactQuery(query: string): string | null {
  if (!query) return null;
  return redactForm(query);
}
