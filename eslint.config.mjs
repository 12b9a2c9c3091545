import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

/** The HTTP edge and the frameworks around it: what services and domain rules must not know. */
const EDGE = [
  {
    group: ['@/lib/api/*', '@/lib/gateway/*', '**/api/*', '**/gateway/*', '@/app/*', '@/components/*'],
    message: 'Services and the domain know nothing of the HTTP edge or the dashboard (docs/architecture.md).',
  },
  {
    group: ['hono', 'hono/*', '@hono/*', 'next', 'next/*', 'next-auth', 'next-auth/*'],
    message: 'Services and the domain know nothing of the HTTP frameworks (docs/architecture.md).',
  },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    // `const { secret, ...rest } = x` is how a field is left out of a copy.
    rules: { '@typescript-eslint/no-unused-vars': ['warn', { ignoreRestSiblings: true }] },
  },
  {
    // Tests read JSON bodies of many shapes; typing each would add noise, not safety.
    files: ['e2e/**/*.ts', '**/*.test.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['lib/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      'no-restricted-imports': ['error', { patterns: EDGE }],
      // Service folders depend on each other one way (payments → links → events …), never in a circle.
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Pure rules shared with the dashboard's bundles: no database, no server, no Node built-ins.
    files: ['lib/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...EDGE,
            {
              group: [
                '@/lib/db',
                '@/lib/db/*',
                '@/lib/services/*',
                '@/lib/config',
                'server-only',
                'node:*',
                'pg',
                'drizzle-orm',
                'drizzle-orm/*',
              ],
              message: 'lib/domain is pure: no database, server or Node module (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'data/**',
      'drizzle/**',
      'next-env.d.ts',
      'test-results/**',
      'playwright-report/**',
      'e2e/screenshots/**',
    ],
  },
];
export default config;
