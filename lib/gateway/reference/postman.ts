import { SHELL_IDEMPOTENCY_KEY, type SnippetCall } from '@/lib/domain/snippets';
import { METHODS, sampleCall, SAMPLE_VARIABLES } from './samples';
import type { OpenApiDocument } from './examples';

/**
 * The API reference as a Postman Collection (v2.1): one folder per tag, one request per
 * operation, with the samples' example paths and bodies. Bruno, Insomnia and Hoppscotch import it
 * too. Credentials and tenant headers are collection variables (empty until the reader fills
 * them); every idempotent request sends a fresh `{{$guid}}`.
 */
export function postmanCollection(doc: OpenApiDocument, origin: string) {
  const info = doc.info as { title: string; version: string; description?: string };
  const variable = (key: string, description: string, value = '') => ({ key, value, description });
  // Environment variables of the samples → collection variables of the same meaning.
  const names: Record<string, string> = {
    [SAMPLE_VARIABLES.apiKey]: 'apiKey',
    [SAMPLE_VARIABLES.token]: 'token',
    [SAMPLE_VARIABLES.partnerId]: 'partnerId',
    [SAMPLE_VARIABLES.orgId]: 'orgId',
  };
  const headerValue = (value: SnippetCall['headers'][number][1]) => {
    if (typeof value === 'string') return value;
    if ('env' in value) return `${value.prefix ?? ''}{{${names[value.env] ?? value.env}}}`;
    return '{{$guid}}';
  };
  const folders = new Map<string, unknown[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const call = sampleCall(doc, '{{baseUrl}}', path, method);
      const url = call.url.replace('{{baseUrl}}', '');
      const [pathPart, query = ''] = url.split('?');
      const request = {
        name: op.summary ?? op.operationId,
        request: {
          method: call.method,
          description: typeof op.description === 'string' ? op.description : undefined,
          header: [
            ...call.headers.map(([key, value]) => ({ key, value: headerValue(value) })),
            ...(call.body !== undefined ? [{ key: 'content-type', value: 'application/json' }] : []),
          ],
          url: {
            raw: call.url,
            host: ['{{baseUrl}}'],
            path: pathPart!.split('/').filter(Boolean),
            ...(query
              ? { query: [...new URLSearchParams(query)].map(([key, value]) => ({ key, value })) }
              : {}),
          },
          ...(call.body !== undefined
            ? {
                body: {
                  mode: 'raw',
                  raw: JSON.stringify(call.body, null, 2),
                  options: { raw: { language: 'json' } },
                },
              }
            : {}),
        },
      };
      const tag = op.tags?.[0] ?? 'Other';
      folders.set(tag, [...(folders.get(tag) ?? []), request]);
    }
  }
  return {
    info: {
      name: info.title,
      version: info.version,
      description: `${info.description ?? ''}\n\nSet the collection variables: apiKey (an API key's secret) or token (the access_token of POST /organization/signin), partnerId and orgId. Idempotent requests send a fresh {{$guid}} as their idempotency-key (the curl samples: ${SHELL_IDEMPOTENCY_KEY}).`,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    variable: [
      variable('baseUrl', 'This deployment', origin),
      variable('apiKey', 'An API key secret (sk_sandbox_… or sk_live_…), sent as X-SERVICE-API-KEY'),
      variable('token', 'The access_token of POST /organization/signin, sent as Authorization: Bearer'),
      variable('partnerId', 'The namespace (x-partner-id), part_…'),
      variable('orgId', 'The organization (x-org-id), org_…'),
    ],
    item: [...folders].map(([name, item]) => ({ name, item })),
  };
}
