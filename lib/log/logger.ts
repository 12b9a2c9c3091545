import pino from 'pino';
import { config } from '@/lib/config';
import { loggableError } from './error-log';

const globalForLogger = globalThis as unknown as { __cspLogger?: pino.Logger };

/**
 * Structured JSON logs. Secrets never reach a log line: credential headers are redacted, and the
 * API-key rotation path, which carries a secret, is logged by its route pattern only. Errors
 * (`err`) are logged without the values a failed query was sent with (lib/api/error-log.ts).
 */
export const loggerOptions: pino.LoggerOptions = {
  level: config.logLevel,
  base: { service: 'csp-gateway' },
  serializers: { err: loggableError },
  redact: {
    paths: [
      'authorization',
      'x-service-api-key',
      'headers.authorization',
      'headers["x-service-api-key"]',
      'secret_key',
      '*.secret_key',
      'admin_password',
      '*.admin_password',
      'password',
      '*.password',
    ],
    censor: '[redacted]',
  },
};

export const logger: pino.Logger = (globalForLogger.__cspLogger ??= pino(loggerOptions));

/** Replaces a secret embedded in a path (the spec's rotation endpoint) before it is logged. */
export function redactPath(path: string): string {
  return path
    .replace(/\/apikey\/sk_[A-Za-z0-9_-]+/g, '/apikey/[redacted]')
    .replace(/sk_(sandbox|live)_[A-Za-z0-9_-]+/g, '[redacted]')
    .replace(/inv_[A-Za-z0-9_-]+/g, '[redacted]');
}
