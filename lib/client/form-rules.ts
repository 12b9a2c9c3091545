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

export const email = (message: string) => ({ setValueAs: trim, pattern: { value: EMAIL, message } });

export const matches = (value: RegExp, message: string) => ({ pattern: { value, message } });

export const atLeast = (value: number, message: string) => ({ minLength: { value, message } });

export const atMost = (value: number) => ({
  maxLength: { value, message: `At most ${value} characters` },
});
