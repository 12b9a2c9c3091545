import { config, DEMO_OPERATOR_PASSWORD, DEVELOPMENT_AUTH_SECRET } from '@/lib/config';

/**
 * What a generator makes (docs/decisions.md, "Production"): 32 random bytes or more, which is 43
 * characters or more in base64 (64 in hex); characters as varied as random ones are — at least 4
 * bits of Shannon entropy a character (3 in hex, whose alphabet holds 16), where 32 random bytes in
 * base64 measured 4.2 at the least over 10^5 draws (hex 3.4) and a phrase of English words 3.7–3.8;
 * no spaces (words); and at least 10^30 guesses by zxcvbn's estimate, which finds the sequences,
 * repeated patterns and common passwords the counts miss (`abcd…`, `0123…`). Why it is refused, or
 * null.
 */
async function secretRefusal(secret: string): Promise<string | null> {
  if (!secret) return 'it is unset';
  if (secret === DEVELOPMENT_AUTH_SECRET) return 'it is the development value';
  if (/\s/.test(secret)) return 'it holds spaces, as a phrase of words does';
  const hex = /^(?:[0-9a-f]+|[0-9A-F]+)$/.test(secret);
  const [minLength, minBits] = hex ? [64, 3] : [43, 4];
  if (secret.length < minLength)
    return `it has ${secret.length} characters, and 32 random bytes are at least 43 in base64 (64 in hex)`;
  const bits = entropyPerCharacter(secret);
  if (bits < minBits)
    return `its characters repeat too much to be random (${bits.toFixed(1)} bits of entropy a character; a generated one has at least ${minBits})`;
  // zxcvbn's dictionaries load only when a production start checks its secrets.
  const { guessesLog10 } = await import('@/lib/auth/password-policy');
  if ((await guessesLog10(secret)) < MIN_SECRET_GUESSES_LOG10)
    return 'it is guessable: a sequence, a repeated pattern or a common password';
  return null;
}
const MIN_SECRET_GUESSES_LOG10 = 30;

/** Shannon entropy of the string's own character counts, in bits a character. */
function entropyPerCharacter(text: string): number {
  const counts = new Map<string, number>();
  const characters = [...text];
  for (const c of characters) counts.set(c, (counts.get(c) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / characters.length) * Math.log2(n / characters.length);
  return bits;
}

/** The line saying why `name` is refused and how to make one. */
const secretLine = (name: string, why: string, purpose = '') =>
  `${name} must be a generated random secret of at least 32 bytes in production${purpose} (make one with: openssl rand -base64 32): ${why}`;

/**
 * What a production process lacks before it may serve, one line per setting (empty outside
 * production): the gateway's AUTH_SECRET, NEXTAUTH_SECRET where the dashboard is served, the
 * operator's password, and no demo data asked for. Checked at start by both hosts
 * (lib/server/start.ts). The secrets are as `config` read them: unset in production is empty.
 */
export async function productionConfigProblems(host: { dashboard: boolean }): Promise<string[]> {
  if (!config.production) return [];
  const problems: string[] = [];
  const authRefusal = await secretRefusal(config.authSecret);
  if (authRefusal) problems.push(secretLine('AUTH_SECRET', authRefusal));
  const nextAuthRefusal = host.dashboard ? await secretRefusal(config.nextAuthSecret) : null;
  if (nextAuthRefusal)
    problems.push(
      secretLine('NEXTAUTH_SECRET', nextAuthRefusal, ", as it encrypts the dashboard's sessions"),
    );
  // The operator verifies organizations and runs cut-offs: a known password is a known operator,
  // and it is held to the policy every user's password is (lib/auth/password-policy.ts).
  const operator = config.operatorPassword;
  const operatorRefusal =
    operator === DEMO_OPERATOR_PASSWORD ? 'it is unset or the demo one' : await policyRefusal(operator);
  if (operatorRefusal)
    problems.push(
      `OPERATOR_PASSWORD must be set to a password the users' password policy accepts in production: ${operatorRefusal}`,
    );
  // The demo organizations' sign-ins and API keys are published (README, npm start's banner).
  if (process.env.SEED_DEMO === 'true')
    problems.push(
      'SEED_DEMO=true is refused in production: the demo organizations sign in with published passwords and API keys',
    );
  if (config.fastPasswordHashing)
    problems.push(
      'PASSWORD_HASHING=fast is refused in production: it is for test suites, and makes a stolen hash about 30 times cheaper to guess',
    );
  return problems;
}

/** Why the password policy refuses `password` (lower case, for a sentence), or null. */
async function policyRefusal(password: string): Promise<string | null> {
  const { passwordAdvice } = await import('@/lib/auth/password-policy');
  return passwordAdvice(password, { email: config.operatorEmail });
}
