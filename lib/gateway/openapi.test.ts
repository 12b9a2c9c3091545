import { describe, expect, it } from 'vitest';
import { createGateway } from './app';

describe('OpenAPI document', () => {
  it('documents every route the gateway serves, with its method', () => {
    const app = createGateway();
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0' } });
    const served = app.routes
      .filter((r) => r.method !== 'ALL' && !r.path.endsWith('/openapi.json'))
      .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(10);
    const documented = new Set(
      Object.entries(doc.paths ?? {}).flatMap(([path, item]) => Object.keys(item as object).map((m) => `${m} ${path}`)),
    );
    const missing = [...new Set(served)].filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
  });

  it('gives every operation a summary, a tag and its error responses', () => {
    const app = createGateway();
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0' } });
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, { summary?: string; tags?: string[]; responses: Record<string, unknown> }>)) {
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(op.tags?.length, `${method} ${path}`).toBe(1);
        expect(op.responses['200'], `${method} ${path}`).toBeDefined();
        expect(op.responses['400'], `${method} ${path}`).toBeDefined();
      }
    }
  });
});

describe('GET /openapi.json', () => {
  it('is generated without error', async () => {
    const res = await createGateway().request('/api/v1/csp/openapi.json');
    expect(res.status).toBe(200);
    expect((await res.json()).openapi).toBe('3.1.0');
  });
});
