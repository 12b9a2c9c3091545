import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { ValidationError } from '@/lib/errors';

/**
 * The password policy (docs/decisions.md, "Credentials"), for sign-up, invitations and password
 * changes — never for sign-in, so an older password still signs in:
 * - 12 to 200 characters;
 * - not one of the ~49,000 most common passwords (zxcvbn-ts's list), whatever its case;
 * - not easy to guess: zxcvbn's estimate at least 3 of 4 ("safely unguessable: moderate
 *   protection from offline attacks"), counting the person's e-mail and name as known words.
 */
const PASSWORD_MIN = 12;
const PASSWORD_MAX = 200;
const MIN_SCORE = 3;

/**
 * zxcvbn's warnings in words (without them it answers its keys, e.g. "simpleRepeat"); only the
 * warnings are shown, so the suggestions and time estimates stay empty.
 */
const WARNINGS = {
  straightRow: 'Straight rows of keys on a keyboard are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
  sequences: 'Sequences like "abc" or "6543" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'It is among the ten most used passwords.',
  topHundred: 'It is among the hundred most used passwords.',
  common: 'It is a commonly used password.',
  similarToCommon: 'It is similar to a commonly used password.',
  wordByItself: 'A single word is easy to guess.',
  namesByThemselves: 'Names by themselves are easy to guess.',
  commonNames: 'Common names are easy to guess.',
  userInputs: 'It contains your name or e-mail address.',
  pwned: 'It appeared in a data breach.',
};
const blank = <K extends string>(keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, ''])) as Record<K, string>;
const TRANSLATIONS = {
  warnings: WARNINGS,
  suggestions: blank([
    'l33t',
    'reverseWords',
    'allUppercase',
    'capitalization',
    'dates',
    'recentYears',
    'associatedYears',
    'sequences',
    'repeated',
    'longerKeyboardPattern',
    'anotherWord',
    'useWords',
    'noNeed',
    'pwned',
  ]),
  timeEstimation: blank([
    'ltSecond',
    'second',
    'seconds',
    'minute',
    'minutes',
    'hour',
    'hours',
    'day',
    'days',
    'month',
    'months',
    'year',
    'years',
    'centuries',
  ]),
};

let factory: ZxcvbnFactory | undefined;
const estimator = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary },
    graphs: common.adjacencyGraphs,
    translations: TRANSLATIONS,
  }));

const commonPasswords = () => common.dictionary['passwords-common'] as string[];
let commonSet: Set<string> | undefined;

/**
 * What to do when `password` breaks the policy, said to the person choosing it and starting in
 * lower case ("choose a less common password …"), or null when it keeps it.
 */
export async function passwordAdvice(
  password: string,
  person: { email?: string; name?: string } = {},
): Promise<string | null> {
  if (password.length < PASSWORD_MIN) return `use at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `use at most ${PASSWORD_MAX} characters`;
  commonSet ??= new Set(commonPasswords().map((p) => p.toLowerCase()));
  if (commonSet.has(password.toLowerCase()))
    return 'choose a less common password (this one is among the most used)';
  const known = [person.email, person.email?.split('@')[0], person.name].filter((s): s is string =>
    Boolean(s),
  );
  const result = await estimator().checkAsync(password, known);
  if (result.score >= MIN_SCORE) return null;
  const hint = result.feedback.warning
    ? ` (${String(result.feedback.warning).replace(/\.$/, '').toLowerCase()})`
    : '';
  return `choose a password harder to guess${hint}, such as a longer phrase of unrelated words`;
}

/**
 * Throws a ValidationError when `password` breaks the policy: `<field>: <advice>`, the field
 * named for an integrator first, as the gateway's other refusals do; a form shows the advice
 * alone under its field (lib/client/server-error.ts).
 */
export async function checkPasswordPolicy(
  field: string,
  password: string,
  person: { email?: string; name?: string } = {},
): Promise<void> {
  const advice = await passwordAdvice(password, person);
  if (advice) throw new ValidationError(`${field}: ${advice}`, field);
}

/** zxcvbn's estimate of the guesses `secret` takes, as a power of ten (a configured secret's strength). */
export async function guessesLog10(secret: string): Promise<number> {
  return (await estimator().checkAsync(secret)).guessesLog10;
}
