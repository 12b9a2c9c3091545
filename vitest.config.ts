import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
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

type ProjectTest = NonNullable<TestProjectInlineConfiguration['test']>;

/**
 * A project of the run: its name, its files and what sets it apart (`own`, which may override a
 * shared field); what every project runs with is here, once.
 */
function project(name: string, include: string[], own: ProjectTest = {}): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      environment: 'node',
      pool: 'forks',
      maxWorkers: 2,
      // Guards against a hang, not a speed check (speed is measured in bench/): CI machines here
      // differ by 2–3× in speed, and on the slowest a settlement test (5.7 s there on PostgreSQL, in
      // a later run) took over 60 s on PGlite, on both tries.
      // A test names a longer one only where it needs more.
      testTimeout: 120_000,
      hookTimeout: 180_000,
      name,
      include,
      ...own,
    },
  };
}

/**
 * Users made by the thousand: argon2 at its least cost (lib/config.ts; password.test.ts checks the
 * standard cost).
 */
const FAST_PASSWORDS = { PASSWORD_HASHING: 'fast' };

/**
 * An API suite's project: its files against the server e2e/api/global-setup.ts starts for it. A
 * failed test runs once more: the suite's servers share two cores with the browser suite, and a
 * wait on them can run out. One that passes only then is named FLAKY. The files share their
 * worker's modules (`isolate: false`): the served document's contract (Ajv's compiled schemas), the
 * standalone host's bundle and the helpers are made once per worker, not once per file — a full
 * run on the Next.js host with PGlite took 255 s of CPU against 339 (docs/testing.md). A file that
 * points the helpers at a server of its own (`targetServer`) points them back in its `afterAll`.
 */
const apiProject = (name: string, include: string[], own: ProjectTest = {}) =>
  project(name, include, { retry: 1, globalSetup: ['e2e/api/global-setup.ts'], isolate: false, ...own });

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: ['default', './test/flaky-reporter.ts'],
    projects: [
      project('unit', ['lib/**/*.test.ts'], {
        env: FAST_PASSWORDS,
        exclude: [...configDefaults.exclude, ...FRESH_MODULES],
        isolate: false,
      }),
      project('unit-fresh', FRESH_MODULES, { env: FAST_PASSWORDS }),
      apiProject('api', ['e2e/api/*.test.ts']),
      // The files that run settlement cut-offs, which settle every cleared transaction of the
      // network (e2e/api/cutoffs): on a server of their own (this project's), one at a time.
      apiProject('api-cutoffs', ['e2e/api/cutoffs/*.test.ts'], { maxWorkers: 1 }),
    ],
  },
});
