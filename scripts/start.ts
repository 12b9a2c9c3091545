/**
 * `npm start`: builds the app if needed, then serves gateway + dashboard on one port over the
 * embedded database (or DATABASE_URL), seeds demo data inside the server, and prints how to sign in.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT || 3000);
const url = `http://localhost:${port}`;

const began = Date.now();
const build = spawnSync('bash', [path.join(root, 'scripts/build-if-needed.sh')], {
  stdio: 'inherit',
  cwd: root,
});
if (build.status !== 0) process.exit(build.status ?? 1);
const built = Date.now();

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(port),
  SEED_DEMO: process.env.SEED_DEMO ?? 'true',
  // The demo prints warnings and errors only, so the sign-in banner below stays in view;
  // LOG_LEVEL=info logs every request as JSON (what a deployment sets).
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? url,
};
const child = spawn(path.join(root, 'node_modules/.bin/next'), ['start', '-p', String(port)], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));

for (;;) {
  try {
    const res = await fetch(`${url}/api/v1/csp/openapi.json`);
    if (res.ok) break;
  } catch {
    // not listening yet
  }
  if (child.exitCode !== null) process.exit(child.exitCode);
  await new Promise((r) => setTimeout(r, 300));
}

const { DEMO } = await import('../lib/seed/demo-credentials');
const ids = await demoIds();
const db = process.env.DATABASE_URL
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite in ${process.env.DATA_DIR || './data'}`;
console.log(`
  Payment network gateway + dashboard is up: ${seconds(began, Date.now())} s in all (build ${seconds(began, built)} s, start ${seconds(built, Date.now())} s), ${db}

  Dashboard      ${url}
  API            ${url}/api/v1/csp   (reference: ${url}/docs)

  Sign in        ${DEMO.admin.email} / ${DEMO.admin.password}   (verified bank, admin)
                 ${DEMO.support.email} / ${DEMO.support.password}   (support: task queue)
                 ${DEMO.sandbox.email} / ${DEMO.sandbox.password}   (sandbox organization)
                 ${process.env.OPERATOR_EMAIL || 'operator@network.test'} / ${process.env.OPERATOR_PASSWORD ? '(OPERATOR_PASSWORD)' : 'operator-demo-password'}   (network operator)

  Try the API    curl -s ${url}/api/v1/csp/customer/jane@demo-bank.test/resolve \\
                   -H 'X-SERVICE-API-KEY: ${DEMO.apiKey}' \\
                   -H 'x-org-id: ${ids.orgId}' -H 'x-partner-id: ${ids.partnerId}'

  Logs           warnings and errors (LOG_LEVEL=info logs every request as JSON)
`);

function seconds(from: number, to: number): string {
  return ((to - from) / 1000).toFixed(1);
}

/** The demo bank's ids, read through the API so the printed curl works as is. */
async function demoIds(): Promise<{ orgId: string; partnerId: string }> {
  try {
    const api = `${url}/api/v1/csp`;
    const signin = await fetch(`${api}/organization/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify({ admin_email: DEMO.admin.email, admin_password: DEMO.admin.password }),
    }).then((r) => r.json());
    const token = signin.data.access_token as string;
    const list = await fetch(`${api}/partner?limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    const ns = (list.data.partners as Array<{ token: string; domain: string; org_id: string }>).find(
      (p) => p.domain === 'demo-bank.test',
    );
    return { orgId: ns?.org_id ?? '<org id>', partnerId: ns?.token ?? '<namespace id>' };
  } catch {
    return { orgId: '<org id>', partnerId: '<namespace id>' };
  }
}
