import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';

/**
 * The served OpenAPI document as the contract of every answer the API suites receive: the
 * operation the request reached (its method and path template), the status it declares, the
 * content type declared under that status, and the body against the declared schema, checked by a
 * standard JSON Schema 2020-12 validator (Ajv) — not by the zod schemas the document is made from,
 * and the gateway's own headers it carries (X-Request-Id, Retry-After, X-Partner-Id…) against those
 * declared, so that what the document says is what is checked. `check` names every drift; `api()` in
 * helpers.ts calls it on each answer and fails the test on one.
 *
 * Formats (`email`, `uri`) are not validated: the document's patterns and the zod schemas are.
 */
type Schema = Record<string, unknown>;
interface Operation {
  responses?: Record<
    string,
    { content?: Record<string, { schema?: Schema }>; headers?: Record<string, unknown> }
  >;
}

/** The headers of the gateway's own: each one an answer carries must be declared on it. */
const GATEWAY_HEADERS = [
  'x-request-id',
  'x-csp-version',
  'x-request-log',
  'retry-after',
  'idempotent-replayed',
  'x-partner-id',
  'x-org-id',
];
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Contract {
  /** What is wrong with this answer, against the document; empty when it keeps the contract. */
  check(method: string, url: string, status: number, headers: Headers, body: unknown): string[];
}

const PREFIX = '/api/v1/csp';

export function contractOf(doc: Document): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'doc', components: doc.components ?? {} });
  const refs = (schema: unknown): unknown =>
    JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/'));
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literal: !template.includes('{'),
  }));
  const compiled = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: Schema) => {
    let v = compiled.get(key);
    if (!v) {
      v = ajv.compile(refs(schema) as Schema);
      compiled.set(key, v);
    }
    return v;
  };
  return {
    check(method, url, status, headers, body) {
      const contentType = headers.get('content-type');
      const path = new URL(url, 'http://x').pathname;
      // A path the document does not describe (a wrong method or path is refused with the
      // envelope: those answers are checked by their own tests) is not the document's to judge.
      const matches = templates.filter((t) => t.pattern.test(path));
      const match = matches.find((t) => t.literal) ?? matches[0];
      if (!match || !path.startsWith(PREFIX)) return [];
      const op = doc.paths[match.template]?.[method.toLowerCase()];
      if (!op) return [];
      const where = `${method} ${match.template} → ${status}`;
      const declared = op.responses?.[String(status)] ?? op.responses?.default;
      if (!declared) return [`${where}: the document declares no ${status} for this operation`];
      const named = new Set(Object.keys(declared.headers ?? {}).map((h) => h.toLowerCase()));
      const undeclared = GATEWAY_HEADERS.filter((h) => headers.has(h) && !named.has(h));
      if (undeclared.length)
        return [`${where}: headers the document does not declare: ${undeclared.join(', ')}`];
      const type = (contentType ?? '').split(';')[0]!.trim();
      if (!declared.content)
        return body === undefined || body === '' ? [] : [`${where}: a body the document does not declare`];
      const media = declared.content[type];
      if (!media)
        return [
          `${where}: content type ${type || '(none)'} is not one the document declares (${Object.keys(declared.content).join(', ')})`,
        ];
      if (!media.schema || typeof body !== 'object' || body === null) return [];
      const validate = validator(`${method} ${match.template} ${status} ${type}`, media.schema);
      if (validate(body)) return [];
      return (validate.errors ?? [])
        .slice(0, 5)
        .map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message}`);
    },
  };
}
