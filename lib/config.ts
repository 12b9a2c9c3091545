import 'server-only';
import { CSP_VERSION_HEADER, GATEWAY_VERSION } from '@/lib/api/raw-path';

/** Runtime configuration, read once from the environment. */
const isProduction = process.env.NODE_ENV === 'production' && process.env.CSP_ENV === 'production';

export const config = {
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || './data',
  /** Connections per instance to PostgreSQL (DATABASE_URL); PGlite has one. */
  databasePoolSize: Number(process.env.DATABASE_POOL_SIZE || 20),
  port: Number(process.env.PORT || 3000),
  authSecret: process.env.AUTH_SECRET || 'dev-only-auth-secret-change-me-0123456789abcdef',
  operatorEmail: (process.env.OPERATOR_EMAIL || 'operator@network.test').toLowerCase(),
  operatorPassword: process.env.OPERATOR_PASSWORD || 'operator-demo-password',
  redisUrl: process.env.REDIS_URL || undefined,
  rateLimitPerMinute: Number(process.env.RATE_LIMIT_PER_MINUTE || 6000),
  settlementIntervalSeconds: Number(process.env.SETTLEMENT_INTERVAL_SECONDS || 300),
  webhookAllowPrivate: process.env.WEBHOOK_ALLOW_PRIVATE ? process.env.WEBHOOK_ALLOW_PRIVATE === 'true' : !isProduction,
  workersEnabled: process.env.WORKERS !== 'off',
  /**
   * Check every response against its route's schema (a drifted serializer answers 500): on outside
   * production, and in every test run (CHECK_RESPONSES=true); production sends what the
   * serializers build, the same bytes, without paying for the check.
   */
  checkResponses: process.env.CHECK_RESPONSES ? process.env.CHECK_RESPONSES === 'true' : process.env.NODE_ENV !== 'production',
  logLevel: process.env.LOG_LEVEL || (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
  version: GATEWAY_VERSION,
} as const;

export { CSP_VERSION_HEADER };
