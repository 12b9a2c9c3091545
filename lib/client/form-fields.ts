import * as z from 'zod/mini';
import { hiddenCharacterIn } from '@/lib/domain/names';

/**
 * Field schemas shared by the dashboard's forms, built on `zod/mini`: its functional checks are
 * tree-shaken, so a form carries only the checks it uses (the full `zod` API does not shake and
 * costs every page with a form ~28 kB gzipped). The gateway validates every request again with
 * its own schemas, whose messages name the wire field; these give the same limits a reader's words.
 */
const atMostMessage = (max: number) => `At most ${max} characters`;

/** Trimmed text of `min` to `max` characters; `message` when shorter. */
export const text = (message: string, max: number, min = 1) =>
  z.string().check(z.trim(), z.minLength(min, message), z.maxLength(max, atMostMessage(max)));

/** Optional free text of at most `max` characters (an empty field is fine). */
export const atMost = (max: number) => z.string().check(z.maxLength(max, atMostMessage(max)));

/** A trimmed email address (the gateway's limit is 254 characters). */
export const email = (message: string) =>
  z.string().check(z.trim(), z.maxLength(254, atMostMessage(254)), z.email(message));

/** A value matching `pattern` whole; `message` otherwise, empty included. */
export const matches = (pattern: RegExp, message: string) =>
  z.string().check(z.trim(), z.regex(pattern, message));

/**
 * A name, title, description, payment id or reference: the gateway refuses control,
 * bidirectional-override and invisible formatting characters in them (lib/domain/names.ts), and
 * so does the form, under the field, before sending. Not for notes, which may span lines.
 */
export const plain = <T extends z.ZodMiniString>(schema: T) =>
  schema.check(
    z.refine((s: string) => hiddenCharacterIn(s) === null, {
      error: (issue) =>
        `Remove the hidden character ${hiddenCharacterIn(String(issue.input))}: no control, bidirectional-override or invisible characters`,
    }),
  );
