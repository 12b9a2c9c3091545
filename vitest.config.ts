import { configDefaults, defineConfig } from 'vitest/config';
import path from 'node:path';

const alias = {
  '@': import.meta.dirname,
  'server-only': path.resolve(import.meta.dirname, 'test/empty-module.ts'),
};

/**
 * Unit test files that set the environment or reset modules to read the configuration afresh
 * (lib/config.ts reads it once, on import): each in a module registry of its own (`unit-fresh`).
 * Every other unit file shares its worker's modules (`isolate: false`): a module is imported once
 * per worker, not once per file — importing was most of the unit suite's CPU (106 → 63 s).
 */
const FRESH_MODULES = [
  'lib/config.test.ts',
  'lib/db/pglite-image.test.ts',
  'lib/dashboard/gateway-client.test.ts',
];

/** What every project runs with (a project overrides a field after spreading it). */
const COMMON = {
  environment: 'node',
  pool: 'forks',
  maxWorkers: 2,
  // Guards against a hang, not a speed check (speed is measured in bench/): CI machines here differ
  // by 2–3× in speed, and on the slowest a settlement test (5.7 s there on PostgreSQL, in a later run)
  // took over 60 s on PGlite, on both tries.
  // A test names a longer one only where it needs more.
  testTimeout: 120_000,
  hookTimeout: 180_000,
} as const;

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './test/flaky-reporter.ts'],
    projects: [
      {
        resolve: { alias },
        test: {
          ...COMMON,
          name: 'unit',
          include: ['lib/**/*.test.ts'],
          // Users made by the thousand: argon2 at its least cost (lib/config.ts; password.test.ts
          // checks the standard cost).
          env: { PASSWORD_HASHING: 'fast' },
          exclude: [...configDefaults.exclude, ...FRESH_MODULES],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...COMMON, name: 'unit-fresh', include: FRESH_MODULES, env: { PASSWORD_HASHING: 'fast' } },
      },
      {
        resolve: { alias },
        test: {
          ...COMMON,
          name: 'api',
          include: ['e2e/api/*.test.ts'],
          // A failed test runs once more: the suite's servers share two cores with the browser
          // suite, and a wait on them can run out. One that passes only then is named FLAKY.
          retry: 1,
          globalSetup: ['e2e/api/global-setup.ts'],
        },
      },
      {
        // The files that run settlement cut-offs, which settle every cleared transaction of the
        // network (e2e/api/cutoffs): on a server of their own (this project's), one at a time.
        resolve: { alias },
        test: {
          ...COMMON,
          name: 'api-cutoffs',
          include: ['e2e/api/cutoffs/*.test.ts'],
          retry: 1,
          globalSetup: ['e2e/api/global-setup.ts'],
          maxWorkers: 1,
        },
      },
    ],
  },
});
