import { config, DEMO_OPERATOR_PASSWORD, DEVELOPMENT_AUTH_SECRET, MIN_SECRET_LENGTH } from '@/lib/config';

/**
 * A secret long enough and hard enough to guess: 32 characters or more, not the development value,
 * and at least 10^30 guesses (about 100 bits) by zxcvbn's estimate — 32 hexadecimal characters of
 * `openssl rand` give 10^31.6, 32 × "a" 10^2.6, a long phrase of words about 10^21.
 */
async function weakSecret(secret: string): Promise<boolean> {
  if (secret === DEVELOPMENT_AUTH_SECRET || secret.length < MIN_SECRET_LENGTH) return true;
  // zxcvbn's dictionaries load only when a production start checks its secrets.
  const { guessesLog10 } = await import('@/lib/auth/password-policy');
  return (await guessesLog10(secret)) < MIN_SECRET_GUESSES_LOG10;
}
const MIN_SECRET_GUESSES_LOG10 = 30;

/**
 * What a production process lacks before it may serve, one line per setting (empty outside
 * production): the gateway's AUTH_SECRET, NEXTAUTH_SECRET where the dashboard is served, the
 * operator's password, and no demo data asked for. Checked at start by both hosts
 * (lib/server/start.ts). The secrets are as `config` read them: unset in production is empty.
 */
export async function productionConfigProblems(host: { dashboard: boolean }): Promise<string[]> {
  if (!config.production) return [];
  const problems: string[] = [];
  const rule =
    'must be set to a random string of at least 32 characters in production (e.g. openssl rand -base64 48)';
  if (await weakSecret(config.authSecret)) problems.push(`AUTH_SECRET ${rule}`);
  if (host.dashboard && (await weakSecret(config.nextAuthSecret)))
    problems.push(`NEXTAUTH_SECRET ${rule}; it encrypts the dashboard's sessions`);
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
  const { checkPasswordPolicy } = await import('@/lib/auth/password-policy');
  try {
    await checkPasswordPolicy('it', password, { email: config.operatorEmail });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}
