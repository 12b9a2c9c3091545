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
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;
const MIN_SCORE = 3;

let factory: ZxcvbnFactory | undefined;
const estimator = () =>
  (factory ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }));

const commonPasswords = () => common.dictionary['passwords-common'] as string[];
let commonSet: Set<string> | undefined;

/** Throws a ValidationError naming `field` and what to do when `password` breaks the policy. */
export async function checkPasswordPolicy(
  field: string,
  password: string,
  person: { email?: string; name?: string } = {},
): Promise<void> {
  if (password.length < PASSWORD_MIN)
    throw new ValidationError(`${field} must have at least ${PASSWORD_MIN} characters`);
  if (password.length > PASSWORD_MAX)
    throw new ValidationError(`${field} must have at most ${PASSWORD_MAX} characters`);
  commonSet ??= new Set(commonPasswords().map((p) => p.toLowerCase()));
  if (commonSet.has(password.toLowerCase()))
    throw new ValidationError(`${field} is one of the most common passwords: choose another`);
  const known = [person.email, person.email?.split('@')[0], person.name].filter((s): s is string =>
    Boolean(s),
  );
  const result = await estimator().checkAsync(password, known);
  if (result.score < MIN_SCORE) {
    const hint = result.feedback.warning
      ? ` (${String(result.feedback.warning).replace(/\.$/, '').toLowerCase()})`
      : '';
    throw new ValidationError(`${field} is too easy to guess${hint}: use a longer phrase of unrelated words`);
  }
}
