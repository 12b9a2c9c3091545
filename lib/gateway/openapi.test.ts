import { describe, expect, it } from 'vitest';
import { createGateway } from './app';
import { ERROR_CODE_LIST, statusDescription } from '@/lib/errors';

describe('OpenAPI document', () => {
  it('documents every route the gateway serves, with its method', () => {
    const app = createGateway();
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0' } });
    const served = app.routes
      // The document itself and its Postman form, and the operator's Prometheus endpoint (text,
      // not the API's JSON).
      .filter(
        (r) =>
          r.method !== 'ALL' &&
          !r.path.endsWith('/openapi.json') &&
          !r.path.endsWith('/postman.json') &&
          !r.path.endsWith('/metrics'),
      )
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(10);
    const documented = new Set(
      Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
        Object.keys(item as object).map((m) => `${m} ${path}`),
      ),
    );
    const missing = [...new Set(served)].filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
  });

  it('documents the headers a route requires as required', () => {
    const app = createGateway();
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0' } });
    type Param = { name: string; in: string; required?: boolean };
    const headers = (path: string, method: string) =>
      Object.fromEntries(
        ((doc.paths?.[path] as Record<string, { parameters?: Param[] }>)[method]!.parameters ?? [])
          .filter((p) => p.in === 'header')
          .map((p) => [p.name, p.required ?? false]),
      );
    // Payments: either credential (so the API key header alone is not required), both tenant
    // headers and an idempotency key.
    expect(headers('/api/v1/csp/payments', 'post')).toEqual({
      'x-service-api-key': false,
      'x-partner-id': true,
      'x-org-id': true,
      'idempotency-key': true,
    });
    // A JWT-only route documents no API key header.
    expect(headers('/api/v1/csp/partner', 'post')['x-service-api-key']).toBeUndefined();
    // Every idempotent operation says so.
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, { parameters?: Param[] }>)) {
        const key = op.parameters?.find((p) => p.in === 'header' && p.name === 'idempotency-key');
        if (key) expect(key.required, `${method} ${path}`).toBe(true);
      }
    }
  });

  it("createPayment says the Sandbox Bank's test amounts", () => {
    const app = createGateway();
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0' } });
    const op = (doc.paths?.['/api/v1/csp/payments'] as Record<string, { description?: string }>).post!;
    expect(op.description).toContain('**Sandbox test amounts**');
    for (const ending of ['01', '02', '03']) expect(op.description).toContain(`\`…${ending}\``);
    expect(op.description).toContain('`insufficient_funds`');
    expect(op.description).toContain('`fraud_detected`');
  });

  it('gives every operation a summary, a tag and its error responses', () => {
    const app = createGateway();
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0' } });
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(
        item as Record<string, { summary?: string; tags?: string[]; responses: Record<string, unknown> }>,
      )) {
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(op.tags?.length, `${method} ${path}`).toBe(1);
        expect(op.responses['200'], `${method} ${path}`).toBeDefined();
        expect(op.responses['400'], `${method} ${path}`).toBeDefined();
      }
    }
  });
});

describe('operation names and paths', () => {
  const doc = () =>
    createGateway().getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0' } });
  type Op = { operationId?: string; parameters?: Array<{ name: string; in: string; description?: string }> };
  const operations = () =>
    Object.entries(doc().paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Op>).map(([method, op]) => ({ path, method, op })),
    );

  it('gives every operation its own operationId, a camelCase verb and resource', () => {
    const all = operations();
    const ids = all.map((o) => o.op.operationId);
    for (const o of all)
      expect(o.op.operationId, `${o.method} ${o.path}`).toMatch(/^[a-z]+(?:[A-Z][a-z]*)+$/);
    expect(new Set(ids).size).toBe(all.length);
    // A few that clients and the dashboard's docs name.
    const byId = Object.fromEntries(all.map((o) => [o.op.operationId, `${o.method} ${o.path}`]));
    expect(byId.createPayment).toBe('post /api/v1/csp/payments');
    expect(byId.rotateApiKey).toBe('post /api/v1/csp/apikey/{key}');
    expect(byId.verifyOrganization).toBe('post /api/v1/csp/operator/organizations/{org_id}/verify');
    expect(byId.rejectOrganization).toBe('post /api/v1/csp/operator/organizations/{org_id}/reject');
  });

  it('has no two paths that differ only by parameter names', () => {
    const templates = Object.keys(doc().paths ?? {}).map((p) => p.replace(/\{\w+\}/g, '{}'));
    expect(templates.length).toBe(new Set(templates).size);
  });

  it("serves an API key's operations on one path, the segment documented per operation", () => {
    const item = doc().paths?.['/api/v1/csp/apikey/{key}'] as Record<string, Op>;
    expect(Object.keys(item).sort()).toEqual(['delete', 'get', 'patch', 'post']);
    const segment = (method: string) => item[method]!.parameters!.filter((p) => p.in === 'path');
    expect(segment('post')).toEqual([
      expect.objectContaining({ name: 'key', description: expect.stringMatching(/current secret/) }),
    ]);
    for (const method of ['get', 'patch', 'delete'])
      expect(segment(method)).toEqual([
        expect.objectContaining({ name: 'key', description: expect.stringMatching(/token/) }),
      ]);
  });
});

describe('the admission task schema', () => {
  it('has the extension field history, one change per entry', () => {
    const doc = createGateway().getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 't', version: '0' },
    });
    const schemas = doc.components?.schemas as Record<
      string,
      { properties: Record<string, any>; required: string[] }
    >;
    const task = schemas.AdmissionTask!;
    expect(task.required).toContain('history');
    expect(task.properties.history.type).toBe('array');
    expect(task.properties.history.items).toEqual({ $ref: '#/components/schemas/AdmissionTaskChange' });
    expect(schemas.AdmissionTaskChange!.required).toEqual([
      'status',
      'status_name',
      'status_reason',
      'status_reason_name',
      'note',
      'updated_by',
      'at',
    ]);
    expect(Object.keys(schemas.AdmissionTaskChange!.properties)).toEqual([
      'status',
      'status_name',
      'status_reason',
      'status_reason_name',
      'note',
      'updated_by',
      'at',
      'approval',
    ]);
    // Every numeric status on the wire has its name beside it (docs/webhooks.md).
    expect(task.required).toEqual(expect.arrayContaining(['status_name', 'status_reason_name']));
    expect(task.properties.status_name.enum).toEqual(['pending', 'completed', 'failed', 'on_hold']);
    expect(task.properties.status_reason_name.enum.slice(0, 3)).toEqual([
      'none',
      'accepted',
      'invalid_beneficiary_details',
    ]);
    expect(schemas.Transaction!.required).toContain('status_name');
    expect(schemas.Customer!.properties.status_name.enum).toEqual(['active', 'suspended', 'closed']);
    // Four eyes and claims (docs/decisions.md): the approvals so far and who is on the task.
    expect(task.required).toEqual(expect.arrayContaining(['approvals', 'claim']));
    expect(task.properties.approvals.items).toEqual({ $ref: '#/components/schemas/AdmissionTaskApproval' });
  });
});

describe('GET /openapi.json', () => {
  it('is generated without error', async () => {
    const res = await createGateway().request('/api/v1/csp/openapi.json');
    expect(res.status).toBe(200);
    expect((await res.json()).openapi).toBe('3.1.0');
  });
});

describe('the Error schema', () => {
  it("lists the registry's codes, and each error response names its own", () => {
    const doc = createGateway().getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 't', version: '0' },
    });
    const schemas = doc.components?.schemas as Record<string, { properties: Record<string, any> }>;
    expect(schemas.Error!.properties.code.enum).toEqual(ERROR_CODE_LIST);
    const responses = (doc.paths?.['/api/v1/csp/payments'] as Record<string, any>).post.responses;
    expect(responses['409'].description).toBe(statusDescription(409));
    expect(responses['401'].description).toMatch(/\(error\.unauthorized\)/);
  });
});

describe('required means required', () => {
  it('documents as required every query parameter the server refuses to go without', () => {
    const app = createGateway();
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0' } });
    type Param = { name: string; in: string; required?: boolean };
    type Route = {
      method: string;
      path: string;
      request?: {
        query?: {
          safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } };
        };
      };
    };
    const wrong: string[] = [];
    for (const def of app.openAPIRegistry.definitions as Array<{ type: string; route?: Route }>) {
      if (def.type !== 'route' || !def.route?.request?.query) continue;
      const { method, path, request } = def.route;
      const parsed = request.query!.safeParse({});
      if (parsed.success) continue;
      const openApiPath = `/api/v1/csp${path.replace(/:(\w+)/g, '{$1}')}`;
      const params = (
        (doc.paths?.[openApiPath] as Record<string, { parameters?: Param[] }>)?.[method]?.parameters ?? []
      ).filter((p) => p.in === 'query');
      for (const name of new Set(parsed.error!.issues.map((i) => String(i.path[0] ?? '')))) {
        if (!name) continue;
        if (!params.find((p) => p.name === name)?.required) wrong.push(`${method} ${path} ?${name}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
