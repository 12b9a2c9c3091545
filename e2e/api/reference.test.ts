import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, createVerifiedOrg, operatorToken, uniq } from './helpers';
import { createBank, type Bank } from './payments-helpers';

const run = promisify(execFile);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * One operation per tag, whose samples are run as printed with the reader's variables set: these,
 * else the tag's first list (a GET without path parameters).
 */
const REPRESENTATIVE: Record<string, string> = {
  Health: 'getHealth',
  Organization: 'getMe',
  Users: 'listUsers',
  Namespaces: 'listPartners',
  'API keys': 'listApiKeys',
  Customers: 'createCustomer',
  Accounts: 'listAccounts',
  Links: 'listLinks',
  Payments: 'createPayment',
  'Admission tasks': 'listTasks',
  Settlements: 'listSettlements',
  Liquidity: 'getLiquidity',
  Webhooks: 'listWebhooks',
  Overview: 'getOverview',
  Audit: 'listAuditEvents',
  Operator: 'getNetworkStats',
};

type Sample = { lang: string; label: string; source: string };
type Op = { operationId: string; tags: string[]; 'x-codeSamples': Sample[]; parameters?: any[] };

let doc: any;
let bank: Bank;
let operator: string;
const operations = () =>
  Object.entries<Record<string, Op>>(doc.paths).flatMap(([p, item]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path: p, method: m, op: item[m]! })),
  );

beforeAll(async () => {
  doc = (await api('GET', '/openapi.json')).body;
  bank = await createBank();
  operator = await operatorToken();
});

/** What a reader changes in a sample: their domain in the addresses, an id of their own. */
function adapt(source: string): string {
  const id = uniq();
  return source
    .replaceAll('your-bank.example', bank.domain)
    .replaceAll('jane@', `jane-${id}@`)
    .replaceAll('pay-0001', `pay-${id}`);
}

describe('GET /openapi.json: samples', () => {
  it('names this deployment as its server and gives every operation curl, Node.js and Python', () => {
    expect(doc.servers).toEqual([{ url: new URL(baseUrl()).origin, description: 'This deployment' }]);
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    for (const { path: p, method, op } of all) {
      const samples = op['x-codeSamples'];
      expect(
        samples.map((s) => s.label),
        `${method} ${p}`,
      ).toEqual(['curl', 'Node.js', 'Python']);
      const idempotent = op.parameters?.some((x) => x.in === 'header' && x.name === 'idempotency-key');
      for (const s of samples) {
        expect(s.source, `${s.label} ${method} ${p}`).toContain(new URL(baseUrl()).origin);
        // A fresh key each run, from nothing a stock machine lacks.
        expect(s.source.includes('idempotency-key'), `${s.label} ${method} ${p}`).toBe(Boolean(idempotent));
        expect(s.source).not.toContain('uuidgen');
      }
    }
  });

  it(
    'runs the curl and Node.js samples of one operation per tag against the server',
    { timeout: 180_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'samples-'));
      for (const { name: tag } of doc.tags as Array<{ name: string }>) {
        const op = operations().find((o) =>
          REPRESENTATIVE[tag]
            ? o.op.operationId === REPRESENTATIVE[tag]
            : o.op.tags[0] === tag && o.method === 'get' && !o.path.includes('{'),
        )?.op;
        expect(op, `an operation of ${tag} to run`).toBeDefined();
        const operationId = op!.operationId;
        const env = {
          PATH: process.env.PATH!,
          NODE_ENV: 'test' as const,
          CSP_API_KEY: bank.key.apiKey,
          CSP_TOKEN: tag === 'Operator' ? operator : bank.token,
          CSP_PARTNER_ID: bank.partnerId,
          CSP_ORG_ID: bank.orgId,
        };
        const [curl, node] = op!['x-codeSamples'];
        const { stdout } = await run('bash', ['-c', adapt(curl!.source)], { env });
        const answer = JSON.parse(stdout);
        expect(answer.ok ?? answer.status, `curl ${operationId}: ${stdout}`).toBeTruthy();
        const file = path.join(dir, `${operationId}.mjs`);
        writeFileSync(file, adapt(node!.source));
        const out = (await run('node', [file], { env })).stdout;
        expect(Number(out.split(' ')[0]), `node ${operationId}: ${out}`).toBeGreaterThanOrEqual(200);
        expect(Number(out.split(' ')[0]), `node ${operationId}: ${out}`).toBeLessThan(300);
      }
    },
  );

  it('runs a Python sample where Python 3 with requests is installed', async (ctx) => {
    const found = await run('python3', ['-c', 'import requests']).then(
      () => true,
      () => false,
    );
    if (!found) return ctx.skip();
    const { op } = operations().find((o) => o.op.operationId === 'createPayment')!;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'samples-')), 'call.py');
    writeFileSync(file, adapt(op['x-codeSamples'][2]!.source));
    const { stdout } = await run('python3', [file], {
      env: {
        PATH: process.env.PATH!,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        CSP_API_KEY: bank.key.apiKey,
        CSP_PARTNER_ID: bank.partnerId,
        CSP_ORG_ID: bank.orgId,
      },
    });
    expect(stdout).toMatch(/^200 /);
  });

  it('names the address the request came through, https behind a TLS-terminating proxy', async () => {
    const res = await fetch(`${baseUrl()}/openapi.json`, { headers: { 'x-forwarded-proto': 'https' } });
    const host = new URL(baseUrl()).host;
    expect((await res.json()).servers[0].url).toBe(`https://${host}`);
  });
});

describe('GET /postman.json', () => {
  it('is a Postman collection of every operation, by tag, with variables for the credentials', async () => {
    const res = await api('GET', '/postman.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('.postman_collection.json');
    const c = res.body;
    expect(c.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(c.variable.map((v: { key: string }) => v.key)).toEqual([
      'baseUrl',
      'apiKey',
      'token',
      'partnerId',
      'orgId',
    ]);
    expect(c.variable[0].value).toBe(new URL(baseUrl()).origin);
    expect(c.item.map((f: { name: string }) => f.name).sort()).toEqual(
      doc.tags.map((t: { name: string }) => t.name).sort(),
    );
    const requests = c.item.flatMap((f: { item: any[] }) => f.item);
    expect(requests).toHaveLength(operations().length);
    const create = requests.find(
      (r: any) => r.request.method === 'POST' && r.request.url.raw === '{{baseUrl}}/api/v1/csp/payments',
    );
    expect(create.request.header).toEqual(
      expect.arrayContaining([
        { key: 'X-SERVICE-API-KEY', value: '{{apiKey}}' },
        { key: 'idempotency-key', value: '{{$guid}}' },
        { key: 'x-partner-id', value: '{{partnerId}}' },
      ]),
    );
    expect(JSON.parse(create.request.body.raw)).toMatchObject({ payment_type: 'Type_Push' });
  });
});

describe('"Try it out" (x-csp-try-it-out)', () => {
  const tryItOut = { 'x-csp-try-it-out': '1' };
  it('serves sandbox credentials', async () => {
    const res = await api('GET', '/payments', {
      apiKey: bank.key.apiKey,
      partner: bank.partnerId,
      org: bank.orgId,
      headers: tryItOut,
    });
    expect(res.status).toBe(200);
  });

  it('refuses a production namespace and the operator, and says why', async () => {
    const verified = await createVerifiedOrg();
    const prod = await api('POST', '/partner', {
      token: verified.token,
      body: { name: 'Live', domain: `live-${uniq()}.test`, environment: 'production' },
    });
    expect(prod.status).toBe(200);
    const res = await api('GET', '/payments', {
      token: verified.token,
      partner: prod.body.data.token,
      org: verified.orgId,
      headers: tryItOut,
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toContain('sandbox credentials only');
    // Without the header (a back end), the same call is served.
    expect(
      (
        await api('GET', '/payments', {
          token: verified.token,
          partner: prod.body.data.token,
          org: verified.orgId,
        })
      ).status,
    ).toBe(200);
    expect((await api('GET', '/operator/stats', { token: operator, headers: tryItOut })).status).toBe(403);
  });
});
