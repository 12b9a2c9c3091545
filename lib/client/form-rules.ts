/**
 * Client-side checks of the dashboard's forms, as react-hook-form rules. The gateway validates
 * every request again (zod, the messages name the field); these only spare a round trip. A zod
 * resolver would add ~28 kB gzipped to every page with a form, past the first-load budget.
 */
const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trimmed text of at least `min` characters. */
export const text = (message: string, min = 1) => ({
  setValueAs: trim,
  validate: (v: string) => (v ?? '').length >= min || message,
});

export const email = (message: string) => ({
  setValueAs: trim,
  required: message,
  pattern: { value: EMAIL, message },
});

/** A value matching `value`; react-hook-form skips patterns on empty fields, hence `required`. */
export const matches = (value: RegExp, message: string) => ({
  required: message,
  pattern: { value, message },
});

/** At least `value` characters (required: minLength, like pattern, skips empty fields). */
export const atLeast = (value: number, message: string) => ({
  required: message,
  minLength: { value, message },
});

export const atMost = (value: number) => ({
  maxLength: { value, message: `At most ${value} characters` },
});
