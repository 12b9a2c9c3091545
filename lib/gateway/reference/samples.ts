import { curlCommand, nodeFetch, pythonRequests, type SnippetCall } from '@/lib/domain/snippets';
import { exampleBody, examplePath, exampleQuery, type OpenApiDocument, type Operation } from './examples';

/**
 * The variables every sample reads, named once: the reader sets them (the reference's
 * introduction says how) and runs any sample as printed.
 */
export const SAMPLE_VARIABLES = {
  apiKey: 'CSP_API_KEY',
  token: 'CSP_TOKEN',
  partnerId: 'CSP_PARTNER_ID',
  orgId: 'CSP_ORG_ID',
} as const;

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** How an operation authenticates in its samples: an API key where one may call it, else the JWT. */
function sampleAuth(op: Operation): 'apiKey' | 'bearer' | null {
  const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
  if (schemes.includes('apiKey')) return 'apiKey';
  if (schemes.includes('bearer')) return 'bearer';
  return null;
}

/** One operation as a call: its example path, query and body, the headers it requires. */
export function sampleCall(doc: OpenApiDocument, origin: string, path: string, method: string): SnippetCall {
  const op = doc.paths[path]![method]!;
  const headers: SnippetCall['headers'] = [];
  const auth = sampleAuth(op);
  if (auth === 'apiKey') headers.push(['X-SERVICE-API-KEY', { env: SAMPLE_VARIABLES.apiKey }]);
  if (auth === 'bearer') headers.push(['Authorization', { env: SAMPLE_VARIABLES.token, prefix: 'Bearer ' }]);
  const header = (name: string) => op.parameters?.find((p) => p.in === 'header' && p.name === name);
  if (header('x-partner-id')?.required) headers.push(['x-partner-id', { env: SAMPLE_VARIABLES.partnerId }]);
  if (header('x-org-id')?.required) headers.push(['x-org-id', { env: SAMPLE_VARIABLES.orgId }]);
  if (header('idempotency-key')) headers.push(['idempotency-key', { idempotencyKey: true }]);
  return {
    method: method.toUpperCase(),
    url: `${origin}${examplePath(doc, path, op)}${exampleQuery(doc, op)}`,
    headers,
    body: exampleBody(doc, op),
  };
}

interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** curl, Node.js (fetch) and Python (requests): the `x-codeSamples` of one operation. */
function codeSamples(call: SnippetCall): CodeSample[] {
  return [
    { lang: 'Shell', label: 'curl', source: curlCommand(call) },
    { lang: 'JavaScript', label: 'Node.js', source: nodeFetch(call) },
    { lang: 'Python', label: 'Python', source: pythonRequests(call) },
  ];
}

/** The document with every operation's samples, for this deployment's address. */
export function withCodeSamples(doc: OpenApiDocument, origin: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    paths[path] = { ...item };
    for (const method of METHODS) {
      if (!item[method]) continue;
      paths[path]![method] = {
        ...item[method]!,
        'x-codeSamples': codeSamples(sampleCall(doc, origin, path, method)),
      };
    }
  }
  return { ...doc, paths };
}
