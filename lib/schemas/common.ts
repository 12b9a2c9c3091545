import { z } from '@hono/zod-openapi';
import { hiddenCharacterIn, HIDDEN_CHARACTERS_RULE } from '@/lib/domain/names';
import { ERROR_CODE_LIST } from '@/lib/errors';

export const errorSchema = z
  .object({
    code: z.enum(ERROR_CODE_LIST).openapi({
      example: 'error.bad_request',
      description: 'What went wrong; each error response of an operation names the codes it carries',
    }),
    message: z.string().openapi({ example: 'Invalid request parameters' }),
    field: z.string().optional().openapi({
      example: 'amount',
      description:
        'Extension: the request field at fault, when one field is (its wire name, a nested one dotted: `debtor.name`); absent when the refusal concerns the request as a whole or several fields. The message names it too.',
    }),
  })
  .openapi('Error');

export const envelope = <T extends z.ZodType>(data: T) => z.object({ ok: z.boolean(), data });

export const secondsSchema = z.object({ seconds: z.number().int() }).openapi('Seconds');
export const toSeconds = (d: Date) => ({ seconds: Math.floor(d.getTime() / 1000) });
export const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The times the API takes (docs/decisions.md "HTTP"): whole Unix seconds from 1970-01-01T00:00:00Z
 * to 9999-12-31T23:59:59Z. Every such value, times 1000 plus 999, is a valid Date whose ISO form
 * has a four-digit year, which PostgreSQL and PGlite read as a timestamptz; a larger one (a time
 * in milliseconds by mistake) would reach the SQL as an Invalid Date or a year it cannot parse.
 */
const UNIX_SECONDS_MIN = 0;
const UNIX_SECONDS_MAX = 253_402_300_799;
const UNIX_SECONDS_RANGE = `Unix seconds, an integer from ${UNIX_SECONDS_MIN} (1970-01-01T00:00:00Z) to ${UNIX_SECONDS_MAX} (9999-12-31T23:59:59Z)`;

/**
 * A time in a request: `name` must be whole Unix seconds within the range above, with a message
 * naming the field. A failed bound ends the checks, so a refinement added to it (an expiry in the
 * future) only ever sees a time in the range. Query parameters coerce from their text
 * (`unixSecondsQuery`); a JSON body's field must be a number.
 */
export const unixSecondsInput = (name: string, description?: string) =>
  boundedSeconds(name, z.number({ error: `${name} must be ${UNIX_SECONDS_RANGE}` }), description);

export const unixSecondsQuery = (name: string, description?: string) =>
  boundedSeconds(name, z.coerce.number({ error: `${name} must be ${UNIX_SECONDS_RANGE}` }), description);

function boundedSeconds<T extends z.ZodNumber | z.ZodCoercedNumber>(
  name: string,
  schema: T,
  description?: string,
) {
  const message = `${name} must be ${UNIX_SECONDS_RANGE}`;
  return schema
    .int({ message, abort: true })
    .min(UNIX_SECONDS_MIN, { message, abort: true })
    .max(UNIX_SECONDS_MAX, { message, abort: true })
    .openapi({
      description: description ? `${description}. ${UNIX_SECONDS_RANGE}` : UNIX_SECONDS_RANGE,
    }) as T;
}

/**
 * The paging of every list (lib/services/paging.ts; docs/decisions.md "Lists"): `limit` (1–100,
 * default 20) rows after the `cursor` of a previous answer, or from the start, in the list's
 * order or the other way (`order`). `page` (≥ 1,
 * DESIGN §4) still works, by offset, and may not be sent with a cursor.
 */
/**
 * The direction of a list's order: `asc` or `desc` of its sort keys (the newest-first lists' `asc`
 * is oldest first). Each list's own order is its default (docs/decisions.md "Lists"); the other
 * direction reads the same index the other way, at the same cost.
 */
export const orderQuery = {
  order: z
    .enum(['asc', 'desc'], { error: 'order must be asc or desc' })
    .optional()
    .openapi({
      param: { name: 'order', in: 'query' },
      description:
        "The direction of the list's order (`asc` or `desc` of its sort key; its documented order when absent). A cursor keeps the order it was made in",
    }),
};

export const pageQuery = {
  ...orderQuery,
  limit: z.coerce
    .number({ error: 'limit must be an integer from 1 to 100' })
    .int('limit must be an integer from 1 to 100')
    .min(1, 'limit must be an integer from 1 to 100')
    .max(100, 'limit must be an integer from 1 to 100')
    .default(20)
    .openapi({ param: { name: 'limit', in: 'query' }, example: 20 }),
  cursor: z
    .string()
    .min(1)
    .max(1000)
    .optional()
    .openapi({
      param: { name: 'cursor', in: 'query' },
      description:
        'Opaque: `next_cursor` or `prev_cursor` of a previous answer of this list, sent with the same filters; not with `page`',
    }),
  page: z.coerce
    .number({ error: 'page must be an integer ≥ 1' })
    .int('page must be an integer ≥ 1')
    .min(1, 'page must be an integer ≥ 1')
    .optional()
    .openapi({
      param: { name: 'page', in: 'query' },
      description:
        'Page number (by offset: slower deep in a long list; prefer the cursor); not with `cursor`',
      example: 1,
    }),
};

/**
 * Text a person or an API key sets that others read in lists, exports and notices — a name, a
 * title, a description, a payment's id or reference: refused with 400 when it holds a control,
 * bidirectional-override or other invisible formatting character (lib/domain/names.ts), the
 * message naming the field and the character. `description` goes before the rule in the API
 * reference. Checked after the schema's own trimming and bounds.
 */
export const plainText = <T extends z.ZodString>(schema: T, description?: string): T =>
  schema
    .refine((s) => hiddenCharacterIn(s) === null, {
      error: (issue) => `${HIDDEN_CHARACTERS_RULE} (${hiddenCharacterIn(String(issue.input))})`,
    })
    .openapi({
      description: `${description ? `${description}. ` : ''}Letters of any script; no control, bidirectional-override or invisible formatting characters (Unicode Cc, Cf, Zl, Zp)`,
    }) as T;

/** What every list answers beside its rows and its `count` (or `total`). */
export const pageInfo = {
  count_capped: z.boolean().openapi({
    description:
      'True when the list holds more rows than it counts: 10,000 ("10,000+"); a payments search by `party` or `reference` fragment, and a payments `status` combined with a search filter, a `payment_id` prefix or a `currency`, and `status=unsubmitted` or `settled` with a date range, is counted no further than its page (the rows up to its end: exact when the whole list fits on the first page)',
  }),
  has_more: z.boolean().openapi({ description: 'More rows follow this page' }),
  next_cursor: z
    .string()
    .nullable()
    .openapi({ description: 'The cursor of the next page; null on the last' }),
  prev_cursor: z
    .string()
    .nullable()
    .openapi({ description: 'The cursor of the previous page; null on the first' }),
};

export const booleanQuery = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true')
    .optional()
    .openapi({ param: { name, in: 'query' }, type: 'boolean' });

/** A WebAuthn ceremony's JSON (options or an authenticator's answer), checked by the library that reads it. */
export const webauthnJson = z.record(z.string(), z.unknown());

export const emptyObject = z.object({}).openapi('Empty');
