import 'server-only';
import path from 'node:path';
import { GATEWAY_VERSION } from '@/lib/version';
import { MAX_PAYMENT_MINOR } from '@/lib/domain/currencies';

/**
 * Runtime configuration, read once from the environment.
 *
 * A deployment is production when `CSP_ENV=production`, whatever `NODE_ENV` says (`npm start` and
 * `next start` set NODE_ENV=production for the demo too; `npm run gateway` sets none).
 */
const isProduction = process.env.CSP_ENV === 'production';

/** Signs JWTs outside production when AUTH_SECRET is unset; refused in production (lib/server/production-config.ts). */
export const DEVELOPMENT_AUTH_SECRET = 'dev-only-auth-secret-change-me-0123456789abcdef';
/** The operator's demo password outside production; refused in production (lib/server/production-config.ts). */
export const DEMO_OPERATOR_PASSWORD = 'operator-demo-password';
const authSecret = process.env.AUTH_SECRET || undefined;
const nextAuthSecret = process.env.NEXTAUTH_SECRET || undefined;

/**
 * PAYMENT_MAX_MINOR_UNITS: this deployment's largest payment or return, in minor units — at most
 * the network's 10^15 (lib/domain/currencies.ts), which the schemas hold whatever is set. A value
 * that is not such a number stops the process at start rather than being read as no limit.
 */
function paymentMaxMinorUnits(): bigint {
  const raw = process.env.PAYMENT_MAX_MINOR_UNITS;
  if (!raw) return MAX_PAYMENT_MINOR;
  if (!/^[1-9][0-9]*$/.test(raw) || raw.length > 16 || BigInt(raw) > MAX_PAYMENT_MINOR)
    throw new Error(
      `PAYMENT_MAX_MINOR_UNITS must be a whole number of minor units from 1 to ${MAX_PAYMENT_MINOR} (10^15), not ${JSON.stringify(raw.slice(0, 40))}`,
    );
  return BigInt(raw);
}

function defaultRpId(url: string | undefined): string {
  const host = url ? URL.parse(url)?.hostname : undefined;
  return host && /[a-z]/i.test(host) && !host.includes(':') ? host : 'localhost';
}

export const config = {
  /** CSP_ENV=production: strong secrets required, no demo data, public webhook targets only. */
  production: isProduction,
  /**
   * PASSWORD_HASHING=fast: new password hashes at argon2id's least cost (1 MiB, one pass) instead
   * of OWASP's minimum (19 MiB, two passes), for test suites that sign up and sign in thousands of
   * times, as Devise's `stretches` or Django's test hasher. Refused in production
   * (lib/server/production-config.ts). A hash keeps the cost it was made with, so verifying is
   * unchanged either way.
   */
  fastPasswordHashing: process.env.PASSWORD_HASHING === 'fast',
  databaseUrl: process.env.DATABASE_URL || undefined,
  /** The largest payment or return this deployment takes, in minor units (PAYMENT_MAX_MINOR_UNITS). */
  paymentMaxMinorUnits: paymentMaxMinorUnits(),
  dataDir: process.env.DATA_DIR || './data',
  /** Where the image of an empty migrated PGlite database is kept (lib/db/pglite-image.ts). */
  pgliteImageDir:
    process.env.PGLITE_IMAGE_DIR || path.join(process.cwd(), 'node_modules', '.cache', 'csp-gateway'),
  /** Connections per instance to PostgreSQL (DATABASE_URL); PGlite has one. */
  databasePoolSize: Number(process.env.DATABASE_POOL_SIZE || 20),
  port: Number(process.env.PORT || 3000),
  /** Signs the gateway's JWTs; keys for idempotency records are derived from it. */
  authSecret: authSecret ?? (isProduction ? '' : DEVELOPMENT_AUTH_SECRET),
  /** Encrypts the dashboard's session cookie (next-auth); AUTH_SECRET's value outside production when unset. */
  nextAuthSecret: nextAuthSecret ?? (isProduction ? '' : (authSecret ?? DEVELOPMENT_AUTH_SECRET)),
  /**
   * The dashboard's public address (next-auth's NEXTAUTH_URL): when it is https, pages carry HSTS
   * and the session cookie is Secure (lib/security/headers.ts).
   */
  nextAuthUrl: process.env.NEXTAUTH_URL || undefined,
  /**
   * Passkeys (lib/auth/passkeys.ts): the WebAuthn relying party's id — the dashboard's domain; by
   * default NEXTAUTH_URL's host name, or `localhost` when that is unset or an IP address (WebAuthn
   * accepts no IP address) — and the origins a ceremony may come from (comma-separated; by default
   * any https origin on that domain, and http on `localhost`).
   */
  passkeyRpId: process.env.PASSKEY_RP_ID || defaultRpId(process.env.NEXTAUTH_URL),
  passkeyOrigins: (process.env.PASSKEY_ORIGINS || '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean),
  /** How long an invitation's one-time link works (lib/services/organizations/invitations.ts). */
  invitationTtlHours: Number(process.env.INVITATION_TTL_HOURS || 72),
  /**
   * Where invitations are e-mailed from (nodemailer, lib/mail/mailer.ts): an SMTP URL such as
   * `smtps://user:password@mail.example.com:465`; unset, the admin copies the link instead.
   */
  smtpUrl: process.env.SMTP_URL || undefined,
  mailFrom: process.env.MAIL_FROM || 'Payment network <no-reply@localhost>',
  operatorEmail: (process.env.OPERATOR_EMAIL || 'operator@network.test').toLowerCase(),
  operatorPassword: process.env.OPERATOR_PASSWORD || DEMO_OPERATOR_PASSWORD,
  redisUrl: process.env.REDIS_URL || undefined,
  rateLimitPerMinute: Number(process.env.RATE_LIMIT_PER_MINUTE || 6000),
  /**
   * Which peers may name the client in X-Forwarded-For (lib/api/client-address.ts): unset for
   * none, a number of proxy hops, or proxy addresses, CIDR ranges, `loopback|linklocal|uniquelocal`.
   */
  trustProxy: process.env.TRUST_PROXY || undefined,
  /**
   * Requests without a credential that change something (sign-in, sign-up, accepting an
   * invitation), per client address and minute; and sign-ups per client address and hour.
   */
  anonymousWritesPerMinute: Number(process.env.ANONYMOUS_WRITES_PER_MINUTE || 20),
  signUpsPerHour: Number(process.env.SIGNUPS_PER_HOUR || 5),
  /**
   * Failed sign-ins (lib/api/signin-throttle.ts): per account and client address, past which that
   * address may not try the account; per client address; and per account from every address, past
   * which the account is guarded (an address it never signed in from needs its second factor).
   */
  signInFailuresPerAccountAddress: Number(process.env.SIGNIN_FAILURES_PER_ACCOUNT_ADDRESS || 10),
  signInFailuresPerAccount: Number(process.env.SIGNIN_FAILURES_PER_ACCOUNT || 20),
  signInFailuresPerAddress: Number(process.env.SIGNIN_FAILURES_PER_IP || 100),
  /** …within this sliding window. */
  signInFailureWindowSeconds: Number(process.env.SIGNIN_FAILURE_WINDOW_MINUTES || 15) * 60,
  settlementIntervalSeconds: Number(process.env.SETTLEMENT_INTERVAL_SECONDS || 300),
  webhookAllowPrivate: process.env.WEBHOOK_ALLOW_PRIVATE
    ? process.env.WEBHOOK_ALLOW_PRIVATE === 'true'
    : !isProduction,
  workersEnabled: process.env.WORKERS !== 'off',
  /** Seed the demo organizations at start (`npm start` sets it outside production; refused in production). */
  seedDemo: process.env.SEED_DEMO === 'true',
  /** Keep resolved credentials per instance (lib/auth/credential-cache.ts); `off` reads each one. */
  credentialCache: process.env.CREDENTIAL_CACHE !== 'off',
  /** The dashboard in proxy mode: the upstream gateway (`https://…/api/v1/csp`); unset, in process. */
  gatewayUrl: process.env.GATEWAY_URL?.replace(/\/+$/, '') || undefined,
  /** How long the Sandbox Bank waits before working its tasks, and the expiry sweep's period (tests shorten them). */
  sandboxBankDelayMs: Number(process.env.SANDBOX_BANK_DELAY_MS || 3000),
  expirySweepMs: Number(process.env.EXPIRY_SWEEP_MS || 5000),
  /** How long stored records are kept (docs/decisions.md "Retention"; the soak shortens them). */
  /**
   * The request log (docs/decisions.md, "Request log"): `REQUEST_LOG=off` records nothing (each
   * namespace's log then stays as it was). Entries are written in batches every
   * `REQUEST_LOG_FLUSH_MS`.
   */
  requestLog: {
    enabled: process.env.REQUEST_LOG !== 'off',
    flushMs: Number(process.env.REQUEST_LOG_FLUSH_MS || 150),
  },
  retention: {
    idempotencySeconds: Number(process.env.RETENTION_IDEMPOTENCY_SECONDS || 24 * 3600),
    eventSeconds: Number(process.env.RETENTION_EVENTS_SECONDS || 7 * 24 * 3600),
    deliverySeconds: Number(process.env.RETENTION_DELIVERIES_SECONDS || 30 * 24 * 3600),
    counterSeconds: Number(process.env.RETENTION_RATE_LIMIT_SECONDS || 24 * 3600),
    requestLogSeconds: Number(process.env.RETENTION_REQUEST_LOG_SECONDS || 7 * 24 * 3600),
    purgeIntervalSeconds: Number(process.env.RETENTION_PURGE_INTERVAL_SECONDS || 60),
  },
  /** Webhook delivery (docs/webhooks.md#settings; tests shorten them). */
  webhooks: {
    /** Seconds before attempt 2, 3, …; after the last, the delivery is failed (DESIGN §9). */
    retrySchedule: (process.env.WEBHOOK_RETRY_SCHEDULE || '5,300,1800,7200,18000,36000,36000')
      .split(',')
      .map(Number),
    timeoutMs: Number(process.env.WEBHOOK_TIMEOUT_MS || 15_000),
    concurrency: Number(process.env.WEBHOOK_CONCURRENCY || 100),
    endpointInFlight: Math.max(1, Number(process.env.WEBHOOK_ENDPOINT_IN_FLIGHT || 1)),
    claimPerEndpoint: Number(process.env.WEBHOOK_CLAIM_PER_ENDPOINT || 100),
    pollMs: Number(process.env.WEBHOOK_POLL_MS || 500),
  },
  /**
   * Check every response against its route's schema (a drifted serializer answers 500): on outside
   * production, and in every test run (CHECK_RESPONSES=true); production sends what the
   * serializers build, the same bytes, without paying for the check.
   */
  checkResponses: process.env.CHECK_RESPONSES
    ? process.env.CHECK_RESPONSES === 'true'
    : process.env.NODE_ENV !== 'production',
  /**
   * Prometheus metrics at `GET /api/v1/csp/metrics`, for a scraper sending this bearer token
   * (docs/operations.md); unset, nothing is collected and the path is a 404.
   */
  metricsToken: process.env.METRICS_TOKEN || undefined,
  /**
   * OpenTelemetry traces go to this OTLP collector when set (lib/server/tracing.ts); the SDK reads
   * the other OTEL_* settings (protocol, headers, service name, sampler) itself.
   */
  tracesEndpoint:
    process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
  /** Which host serves the gateway in this process: Next.js (which sets NEXT_RUNTIME) or standalone. */
  host: process.env.NEXT_RUNTIME ? ('next' as const) : ('standalone' as const),
  logLevel: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  version: GATEWAY_VERSION,
} as const;
