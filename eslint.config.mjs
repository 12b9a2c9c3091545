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

/**
 * lib/'s folders by layer (docs/architecture.md, "The layers"): a folder imports only the folders
 * it lists, all of them below it, so no arrow runs back up and the folders hold no cycle. A new
 * folder is added here with what it may use.
 */
const LAYERS = {
  // Pure: shared with the dashboard's bundles.
  domain: [],
  security: [],
  settlement: [],
  version: [],
  errors: [],
  ids: [],
  config: ['version', 'domain'],
  db: ['config', 'ids', 'errors', 'domain'],
  log: ['config', 'db'],
  mail: ['config', 'log'],
  metrics: ['config', 'db'],
  // Event types (shared with the dashboard) and the outbox's writer.
  events: ['db', 'ids', 'domain'],
  schemas: ['domain', 'events', 'errors', 'ids'],
  auth: ['config', 'db', 'errors', 'log', 'domain', 'ids', 'security', 'schemas'],
  // Delivery mechanics: signing, sending, the outbox's fan-out; the webhook service uses them.
  webhooks: [
    'auth',
    'config',
    'db',
    'domain',
    'errors',
    'events',
    'ids',
    'log',
    'metrics',
    'schemas',
    'security',
  ],
  services: [
    'auth',
    'config',
    'db',
    'domain',
    'errors',
    'events',
    'ids',
    'log',
    'mail',
    'metrics',
    'schemas',
    'security',
    'settlement',
    'webhooks',
    'version',
  ],
  workers: ['config', 'db', 'log', 'services', 'webhooks'],
  seed: ['auth', 'config', 'db', 'domain', 'ids', 'log', 'services', 'webhooks', 'schemas'],
  testing: ['config', 'db', 'domain', 'ids', 'services', 'schemas', 'auth'],
  // The HTTP edge, and the two processes' start.
  api: [
    'auth',
    'config',
    'db',
    'domain',
    'errors',
    'ids',
    'log',
    'metrics',
    'schemas',
    'security',
    'services',
    'version',
  ],
  server: ['config', 'db', 'log', 'seed', 'services', 'webhooks', 'workers', 'auth', 'version'],
  gateway: [
    'api',
    'config',
    'db',
    'domain',
    'errors',
    'metrics',
    'schemas',
    'services',
    'version',
    'workers',
    'events',
  ],
  // The dashboard's server side (sessions, the gateway called in process) and its browser side.
  dashboard: ['api', 'auth', 'config', 'domain', 'errors', 'schemas', 'security', 'gateway', 'version'],
  client: ['domain', 'events', 'schemas', 'security', 'settlement', 'errors'],
};

/**
 * lib/services, folder by folder: the service folders each may import (`base`: the files directly
 * in lib/services — context, guards, paging, export). Like LAYERS, the table is checked to hold no
 * cycle, so no two service folders depend on each other in a circle, which `import/no-cycle`
 * (file by file) cannot see. A payment's wire shapes and the records of its admission, which
 * payments, returns, liquidity and settlement all write, are `lifecycle`'s, below all four.
 */
const SERVICES = {
  base: [],
  lifecycle: [],
  health: [],
  audit: ['base'],
  overview: ['base'],
  links: ['base', 'audit'],
  setup: ['links'],
  accounts: ['base', 'audit'],
  'api-keys': ['base', 'audit'],
  customers: ['base', 'audit', 'links'],
  sessions: ['base', 'audit'],
  'request-logs': ['base', 'audit'],
  webhooks: ['base', 'audit'],
  rules: ['base', 'audit'],
  liquidity: ['base', 'audit', 'lifecycle', 'overview'],
  namespaces: ['base', 'audit', 'links', 'liquidity'],
  organizations: ['base', 'audit', 'namespaces', 'overview', 'sessions'],
  retention: ['organizations'],
  payments: ['base', 'audit', 'lifecycle', 'links', 'liquidity', 'overview', 'rules'],
  returns: ['base', 'audit', 'lifecycle', 'liquidity', 'overview', 'payments', 'rules'],
  settlement: ['base', 'audit', 'lifecycle', 'liquidity', 'overview'],
};

/** import/no-restricted-paths zones: each service folder kept from the folders it may not use. */
function serviceZones() {
  assertAcyclic(SERVICES, 'SERVICES');
  const folders = Object.keys(SERVICES).filter((f) => f !== 'base');
  const where = (f) => (f === 'base' ? './lib/services/*.ts' : `./lib/services/${f}/**`);
  return Object.keys(SERVICES).map((folder) => ({
    target: where(folder),
    from: [...folders, 'base'].filter((f) => f !== folder && !SERVICES[folder].includes(f)).map(where),
    message: `lib/services/${folder} ${SERVICES[folder].length ? `may use only ${SERVICES[folder].join(', ')}` : 'uses no other service folder'} (the service folders: eslint.config.mjs SERVICES, docs/architecture.md).`,
  }));
}

/** The server's parts a browser bundle (lib/client, components) never imports. */
const SERVER_ONLY = [
  '@/lib/db',
  '@/lib/db/*',
  '@/lib/services/*',
  '@/lib/api/*',
  '@/lib/gateway/*',
  '@/lib/server/*',
  '@/lib/workers',
  '@/lib/workers/*',
  '@/lib/webhooks/*',
  '@/lib/seed/*',
  '@/lib/mail/*',
  '@/lib/metrics/*',
  '@/lib/log/*',
  '@/lib/auth/*',
  '@/lib/config',
  '@/lib/events/emit',
  '@/lib/testing/*',
];

/**
 * A module that starts with 'use client' runs in the browser, wherever it lives (app/, components/,
 * lib/client/): it imports none of the server's modules — lib/dashboard's sessions, next-auth and
 * in-process gateway included —, types aside (they leave no code). Server components in app/ and
 * components/ may, as a page reads its session. The same list as SERVER_ONLY, with lib/dashboard.
 */
const BROWSER_FORBIDDEN = [...SERVER_ONLY, '@/lib/dashboard', '@/lib/dashboard/*'];
const matchesModule = (source, pattern) =>
  pattern.endsWith('/*') ? source.startsWith(pattern.slice(0, -1)) : source === pattern;
const clientBoundary = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    let client = false;
    return {
      Program(node) {
        client = node.body.some((s) => s.type === 'ExpressionStatement' && s.directive === 'use client');
      },
      ImportDeclaration(node) {
        if (!client || node.importKind === 'type') return;
        if (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')) return;
        const source = String(node.source.value);
        if (BROWSER_FORBIDDEN.some((p) => matchesModule(source, p)))
          context.report({
            node,
            message: `A 'use client' module runs in the browser: ${source} is the server's (eslint.config.mjs BROWSER_FORBIDDEN).`,
          });
      },
    };
  },
};

/**
 * Who may do what is said once, in the table of actions (lib/domain/permissions.ts): a route names
 * its `action`, a page asks `can(role, action)` or `canOpen(role, href)`. A role named anywhere
 * else is refused where it decides something: compared with a `role` (`me.role === 'admin'`, a
 * `switch`, `roles.includes('admin')`), given to a `role` or `roles` property, or listed in an
 * array of roles alone (`['admin', 'support']`). The same words elsewhere (a label, a query key
 * such as `['operator', 'network']`) pass.
 */
const ROLE_NAMES = new Set(['admin', 'support', 'viewer', 'operator']);
const ROLE_MESSAGE =
  "A role named in code: ask for an action of lib/domain/permissions.ts instead (a route's `action`, `can(role, 'payments.create')`, `canOpen(role, href)`), where each action lists its roles.";
const unwrapped = (n) =>
  n && (n.type === 'TSAsExpression' || n.type === 'TSSatisfiesExpression') ? unwrapped(n.expression) : n;
const isRoleLiteral = (n) => {
  const u = unwrapped(n);
  return u?.type === 'Literal' && ROLE_NAMES.has(u.value);
};
const namesRole = (n) => {
  const u = unwrapped(n);
  if (u?.type === 'Identifier') return /^roles?$/.test(u.name);
  return u?.type === 'MemberExpression' && !u.computed && /^roles?$/.test(u.property.name);
};
const keyNamesRole = (p) =>
  !p.computed &&
  ((p.key.type === 'Identifier' && /^roles?$/.test(p.key.name)) ||
    (p.key.type === 'Literal' && /^roles?$/.test(String(p.key.value))));
const noRoleLiteral = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const report = (node) => context.report({ node, message: ROLE_MESSAGE });
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        if (isRoleLiteral(node.right) && namesRole(node.left)) report(node.right);
        if (isRoleLiteral(node.left) && namesRole(node.right)) report(node.left);
      },
      SwitchCase(node) {
        if (isRoleLiteral(node.test) && namesRole(node.parent.discriminant)) report(node.test);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.name !== 'includes')
          return;
        if (namesRole(callee.object) && isRoleLiteral(node.arguments[0])) report(node.arguments[0]);
      },
      AssignmentExpression(node) {
        if (namesRole(node.left) && isRoleLiteral(node.right)) report(node.right);
      },
      Property(node) {
        if (keyNamesRole(node) && isRoleLiteral(node.value)) report(node.value);
      },
      ArrayExpression(node) {
        const listed = node.elements.filter((e) => e && e.type !== 'SpreadElement');
        if (listed.length > 0 && listed.every(isRoleLiteral)) report(node);
      },
    };
  },
};

/**
 * The dashboard's kit, held here rather than in prose (docs/architecture.md, "Adding things"): a
 * screen's table is its list screen's or a `QueryTable` (components/data-table/query-table.tsx),
 * never a `DataTable` wired by hand; a react-hook-form form ends in `FormFooter` (or a list's
 * `CreateForm`, which ends in it), where its refusal that names no field is shown.
 */
const dashboardKit = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    let form = null;
    let ended = false;
    return {
      ImportDeclaration(node) {
        if (node.source.value === '@/components/data-table/data-table')
          context.report({
            node,
            message:
              "A screen's table is its list screen's (defineListScreen) or a QueryTable with useListQuery (components/data-table/query-table.tsx).",
          });
      },
      CallExpression(node) {
        if (!form && node.callee.type === 'Identifier' && node.callee.name === 'useForm') form = node;
      },
      JSXOpeningElement(node) {
        if (node.name.type === 'JSXIdentifier' && ['FormFooter', 'CreateForm'].includes(node.name.name))
          ended = true;
      },
      'Program:exit'() {
        if (form && !ended)
          context.report({
            node: form,
            message:
              "A form ends in FormFooter (components/ui/form-footer.tsx), or CreateForm for a list's add-one form: its refusal that names no field is shown there.",
          });
      },
    };
  },
};

/** The project's own lint rules. */
const csp = {
  rules: {
    'client-boundary': clientBoundary,
    'no-role-literal': noRoleLiteral,
    'dashboard-kit': dashboardKit,
  },
};

/** A table of folders holds no cycle: a folder allowed to use one that may use it back is refused here. */
function assertAcyclic(table, name) {
  const done = new Set();
  const visit = (folder, path) => {
    if (path.includes(folder))
      throw new Error(`eslint.config.mjs ${name}: a cycle ${[...path, folder].join(' → ')}`);
    if (done.has(folder)) return;
    for (const used of table[folder] ?? []) visit(used, [...path, folder]);
    done.add(folder);
  };
  for (const folder of Object.keys(table)) visit(folder, []);
}

/**
 * Links are components/ui/link.tsx's, which prefetch when reached for, not when in view (Next.js's
 * default, which cost every first load main-thread time: docs/benchmarks.md "Prefetch on intent").
 */
const LINK_PATH = {
  name: 'next/link',
  message: "Use Link from '@/components/ui/link' (prefetched on intent, not in view).",
};

const ERROR_ENVELOPE_MESSAGE =
  "Throw a typed error (lib/errors), or answer with errorEnvelope(err) (lib/api/envelope.ts): no error envelope written by hand (docs/architecture.md, 'An error code').";

function layerRules() {
  assertAcyclic(LAYERS, 'LAYERS');
  const folders = Object.keys(LAYERS);
  const leaves = new Set(['version', 'errors', 'ids', 'config']);
  return folders
    .map((folder) => {
      const forbidden = folders.filter((f) => f !== folder && !LAYERS[folder].includes(f));
      const patterns = [
        {
          group: forbidden.flatMap((f) => [`@/lib/${f}`, `@/lib/${f}/*`]),
          message: `lib/${folder} ${LAYERS[folder].length ? `may use only ${LAYERS[folder].map((f) => 'lib/' + f).join(', ')}` : 'uses no other part of lib'} (the layers: eslint.config.mjs, docs/architecture.md).`,
        },
      ];
      if (folder === 'services' || folder === 'domain' || folder === 'webhooks' || folder === 'events')
        patterns.push(...EDGE);
      if (folder === 'domain')
        patterns.push({
          group: ['server-only', 'node:*', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
          message: 'lib/domain is pure: no database, server or Node module (docs/architecture.md).',
        });
      if (folder === 'client')
        patterns.push({
          group: SERVER_ONLY,
          message: "lib/client runs in the browser: none of the server's modules.",
        });
      return {
        files: leaves.has(folder)
          ? [`lib/${folder}.ts`, `lib/${folder}/**/*.ts`]
          : [`lib/${folder}/**/*.{ts,tsx}`],
        ignores: ['**/*.test.ts'],
        rules: { 'no-restricted-imports': ['error', { patterns }] },
      };
    })
    .concat([
      {
        // The dashboard's components: the browser's side and the dashboard's server side, never the gateway's.
        files: ['components/**/*.{ts,tsx}'],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  group: SERVER_ONLY,
                  message: "Components render in the browser too: none of the server's modules.",
                },
                {
                  group: ['@/app/*'],
                  message: 'Components are shared by screens; a screen imports them, not the other way.',
                },
              ],
              paths: [LINK_PATH],
            },
          ],
        },
      },
      {
        // Screens and route handlers reach data through the gateway (over the proxy, or in process).
        files: ['app/**/*.{ts,tsx}'],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                {
                  group: [
                    '@/lib/db',
                    '@/lib/db/*',
                    '@/lib/services/*',
                    '@/lib/workers',
                    '@/lib/workers/*',
                    '@/lib/webhooks/*',
                    '@/lib/seed/*',
                    '@/lib/mail/*',
                    '@/lib/events/emit',
                    '@/lib/testing/*',
                  ],
                  message:
                    'The dashboard reads and changes data through the gateway, never its services or database (docs/architecture.md).',
                },
              ],
              paths: [LINK_PATH],
            },
          ],
        },
      },
    ]);
}

/**
 * React's rules (and Next.js's and the JSX accessibility rules) read components and hooks, which
 * live in app/, components/, lib/client/ and lib/dashboard/. On the gateway, services, tests,
 * benchmarks and scripts they find nothing and cost a third of a lint run: react-hooks' rules
 * compile every function with React's compiler.
 */
const REACT_RULES_OFF = Object.fromEntries(
  [...nextVitals, ...nextTs]
    .flatMap((entry) => Object.keys(entry.rules ?? {}))
    .filter((rule) => ['react/', 'react-hooks/', 'jsx-a11y/', '@next/next/'].some((p) => rule.startsWith(p)))
    .map((rule) => [rule, 'off']),
);

/** An error answer written by hand (see its block below). */
const ERROR_ENVELOPE_SELECTORS = ["key.name='code'", "key.value='code'"].flatMap((key) => [
  { selector: `Property[${key}][value.value=/^error\\./]`, message: ERROR_ENVELOPE_MESSAGE },
  { selector: `Property[${key}][value.quasis.0.value.raw=/^error\\./]`, message: ERROR_ENVELOPE_MESSAGE },
]);

const MONEY_MESSAGE =
  'Format money and figures with lib/client/format.ts (formatMoney, formatMoneyChange, formatNet, formatPosition, formatUtilisation, unitsNumber, moneyInput): one way on every screen.';
/** Money formatted by hand on a screen (see its block below). */
const MONEY_SELECTORS = [
  // A number's own decimals ("21.4 %", "25.00"): the formats are the module's.
  { selector: "CallExpression[callee.property.name='toFixed']", message: MONEY_MESSAGE },
  // Minor units scaled by hand: 10 ** exponent.
  { selector: "BinaryExpression[operator='**'][left.value=10]", message: MONEY_MESSAGE },
  // A formatted amount taken apart ("USD 25.00".split(' ')).
  {
    selector:
      "CallExpression[callee.property.name='split'] > MemberExpression > CallExpression[callee.name=/^format(Money|Amount)$/]",
    message: MONEY_MESSAGE,
  },
  // A sign written beside an amount: the minus (U+2212) or words for a side ("Pays", "Receives").
  { selector: 'Literal[value=/\u2212/]', message: MONEY_MESSAGE },
  { selector: 'TemplateElement[value.raw=/\u2212/]', message: MONEY_MESSAGE },
  { selector: 'JSXText[value=/\u2212/]', message: MONEY_MESSAGE },
  { selector: 'Literal[value=/^(Pays|Receives|pays|receives) ?$/]', message: MONEY_MESSAGE },
];

const config = [
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.{ts,mjs,js}'],
    ignores: ['app/**', 'components/**', 'lib/client/**', 'lib/dashboard/**'],
    rules: REACT_RULES_OFF,
  },
  {
    // `const { secret, ...rest } = x` is how a field is left out of a copy.
    rules: { '@typescript-eslint/no-unused-vars': ['warn', { ignoreRestSiblings: true }] },
  },
  {
    // Tests read JSON bodies of many shapes; typing each would add noise, not safety.
    files: ['e2e/**/*.ts', '**/*.test.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...layerRules(),
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/client/**/*.{ts,tsx}'],
    plugins: { csp },
    rules: { 'csp/client-boundary': 'error' },
  },
  {
    // No role literal outside the table of actions (lib/domain/permissions.ts) where code decides
    // who may: the wire's enums (lib/schemas), seed data and tests are outside these folders.
    files: [
      'app/**/*.{ts,tsx}',
      'components/**/*.{ts,tsx}',
      'lib/client/**/*.{ts,tsx}',
      'lib/api/**/*.ts',
      'lib/gateway/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    plugins: { csp },
    rules: { 'csp/no-role-literal': 'error' },
  },
  {
    // One list kit and one form ending (dashboardKit above). The sign-in and sign-up forms end
    // otherwise still (issue 57): they are being changed elsewhere.
    files: ['app/**/*.tsx'],
    ignores: ['app/(auth)/signin/sign-in-form.tsx', 'app/(auth)/signup/sign-up-form.tsx'],
    plugins: { csp },
    rules: { 'csp/dashboard-kit': 'error' },
  },
  {
    // Service files and folders depend on each other one way (payments → links → …), never in a
    // circle: file by file (import/no-cycle) and folder by folder (SERVICES).
    files: ['lib/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    settings: { 'import/ignore': ['node_modules'] },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: serviceZones() }],
    },
  },
  {
    // Code the browser runs builds no `Intl` object: the first one loads ICU's locale data, 70–200 ms
    // of a phone's main thread on every first load (docs/benchmarks.md, "ICU on the first load").
    files: [
      'app/**/*.{ts,tsx}',
      'components/**/*.{ts,tsx}',
      'lib/client/**/*.{ts,tsx}',
      'lib/domain/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'Intl',
          message:
            'Format with lib/client/format.ts (numbers, money, times), not Intl: see lib/domain/numbers.ts.',
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Format with lib/client/format.ts (formatCount, formatLocal…): no ICU on the first load.',
        })),
        {
          property: 'localeCompare',
          message: 'Sort with compareText (lib/domain/compare.ts): localeCompare builds an ICU collator.',
        },
      ],
    },
  },
  {
    // An error answer is written from a typed error (lib/errors: its code from the registry,
    // lib/errors/registry.ts) by errorBody and errorEnvelope (lib/api/envelope.ts), never as an
    // object of its own: `{ code: 'error.…', message }` anywhere else is refused. Tests assert
    // envelopes and are left out.
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', 'e2e/**', 'bench/**'],
    rules: { 'no-restricted-syntax': ['error', ...ERROR_ENVELOPE_SELECTORS] },
  },
  {
    // Money and figures on screen come from one module (lib/domain/money.ts through
    // lib/client/format.ts): a screen that writes a sign, scales minor units or takes a formatted
    // amount apart by hand drifts from the others ("USD -2,710.50" beside "−USD 25.00").
    // lib/domain/money.test.ts holds the exact strings. (Repeats the envelope's selectors: a
    // later block's options replace an earlier one's.)
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...ERROR_ENVELOPE_SELECTORS, ...MONEY_SELECTORS] },
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
