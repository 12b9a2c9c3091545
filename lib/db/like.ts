/**
 * LIKE patterns from user text, one home: `%`, `_` and `\` are literal (escaped with `\`, LIKE's
 * default escape character), so a search for "50%" finds "50%", not everything from "50".
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** Rows whose text contains `fragment` (lower-case it first for a case-insensitive match). */
export const containing = (fragment: string) => `%${escapeLike(fragment)}%`;

/** Rows whose text starts with `prefix`. */
export const startingWith = (prefix: string) => `${escapeLike(prefix)}%`;
