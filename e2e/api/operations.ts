import { expect } from 'vitest';
import { baseUrl, uniq, type ApiOptions, type ApiResponse } from './helpers';
import type { Bank } from './payments-helpers';

/**
 * The gateway's operations as its own OpenAPI document lists them, for the tests that go over
 * every one of them (bad-input.test.ts, fuzz.test.ts).
 */

export const VERSION = 'gateway-csp/v0.1.0';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export interface OpenApiOperation {
  tags: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path relative to /api/v1/csp, with `{param}` placeholders. */
  path: string;
  tag: string;
  security: string[];
  headers: Set<string>;
  pathParams: string[];
  queryParams: string[];
  /** Each query parameter's schema, and whether it is required. */
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  hasBody: boolean;
  bodySchema?: JsonSchema;
}

/** The running server's document and its operations. */
export async function loadOperations(): Promise<{ doc: OpenApiDocument; operations: Operation[] }> {
  const doc = (await (await fetch(`${baseUrl()}/openapi.json`)).json()) as OpenApiDocument;
  const operations = Object.entries(doc.paths).flatMap(([fullPath, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase() as Operation['method'],
        path: fullPath.replace(/^\/api\/v1\/csp/, ''),
        tag: op.tags[0]!,
        security: (op.security ?? []).flatMap((s) => Object.keys(s)),
        headers: new Set((op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name)),
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        query: (op.parameters ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required === true, schema: p.schema ?? {} })),
        hasBody: op.requestBody !== undefined,
        bodySchema: op.requestBody?.content['application/json']?.schema,
      })),
  );
  return { doc, operations };
}

export const label = (o: Operation) => `${o.method} ${o.path}`;

/** The credentials an operation accepts: none, the operator's JWT, an admin's JWT and/or an API key. */
export function credentialsFor(
  o: Operation,
  bank: Bank,
  operator: string,
): Array<{ name: string; opts: ApiOptions }> {
  const tenant = (opts: ApiOptions): ApiOptions => ({
    ...opts,
    partner: o.headers.has('x-partner-id') ? bank.partnerId : undefined,
    org: o.headers.has('x-org-id') ? bank.orgId : undefined,
  });
  if (o.security.length === 0) return [{ name: 'no credential', opts: {} }];
  if (o.tag === 'Operator') return [{ name: 'operator JWT', opts: { token: operator } }];
  const out: Array<{ name: string; opts: ApiOptions }> = [];
  if (o.security.includes('bearer')) out.push({ name: 'admin JWT', opts: tenant({ token: bank.token }) });
  if (o.security.includes('apiKey')) out.push({ name: 'API key', opts: tenant({ apiKey: bank.key.apiKey }) });
  return out;
}

/** A well-formed id of each path parameter that names nothing. */
export function unknownIds(): Record<string, string> {
  return {
    org_id: `org_unknown${uniq()}`,
    account_id: `acct_unknown${uniq()}`,
    payment_id: `pay-unknown-${uniq()}`,
    admission_id: `adm_unknown${uniq()}`,
    submission_id: `sub_unknown${uniq()}`,
    transaction_id: `txn_unknown${uniq()}`,
    task_id: `task_unknown${uniq()}`,
    batch_id: `batch_unknown${uniq()}`,
    webhook_id: `wh_unknown${uniq()}`,
    delivery_id: `dlv_unknown${uniq()}`,
    user_id: `usr_unknown${uniq()}`,
    partner_id: `ns_unknown${uniq()}`,
    // An API key's token, or for rotation its secret: either way it names nothing.
    key: `key_unknown${uniq()}`,
    link_id: `lnk_unknown${uniq()}`,
    payment_address: `nobody-${uniq()}@unknown.test`,
    token: `inv_unknown${uniq()}`,
    return_id: `rtn_unknown${uniq()}`,
    rule_id: `rul_unknown${uniq()}`,
    // A path part that is no id: a valid code, which names a position only with a namespace.
    currency: 'USD',
  };
}

/** The error envelope with its status, code and the two headers every answer carries. */
export function expectEnvelope(res: ApiResponse, status: number, code: string, what: string) {
  expect(res.status, `${what}: ${res.text}`).toBe(status);
  // `field`, when the answer names one, is the field the message names first.
  const field = res.body?.field === undefined ? {} : { field: String(res.body.message).split(/:| /)[0] };
  expect(res.body, what).toEqual({ code, message: expect.any(String), ...field });
  expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
  expect(res.headers.get('x-csp-version'), what).toBe(VERSION);
  expect(res.headers.get('x-request-id'), what).toMatch(/^[\w.-]{1,64}$/);
}
