/**
 * Example values for the API reference's samples and the Postman collection, made from the
 * OpenAPI document: a schema's own `example`, its enum or bounds, else a value chosen by the
 * field's name that the gateway accepts (an address, an amount in minor units, a routing number
 * with its checksum). Operations whose body must hang together (a payment's parties) have theirs
 * written out.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
  [key: string]: unknown;
};

export type Operation = {
  operationId: string;
  tags?: string[];
  summary?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  [key: string]: unknown;
};

/** The domain the samples' addresses are written at; the reader puts their namespace's. */
const EXAMPLE_DOMAIN = 'your-bank.example';

/** Bodies written out where the generated one would not make sense as a whole. */
const BODIES: Record<string, unknown> = {
  createPayment: {
    payment_id: 'pay-0001',
    payment_type: 'Type_Push',
    amount: { currency: 'USD', total: '2500' },
    debtor_party: { payment_address: `jane@${EXAMPLE_DOMAIN}` },
    beneficiary_party: { payment_address: 'alice@sandbox-bank.test' },
    reference: 'Invoice 1001',
  },
  createCustomer: {
    payment_address: `jane@${EXAMPLE_DOMAIN}`,
    first_name: 'Jane',
    last_name: 'Doe',
    nick_name: 'jane',
  },
  signUp: {
    name: 'Your Bank',
    admin_email: 'admin@your-bank.example',
    admin_password: 'a long pass phrase 42',
  },
  signIn: { admin_email: 'admin@your-bank.example', admin_password: 'a long pass phrase 42' },
  createWebhook: { url: 'https://your-bank.example/webhooks/csp', event_types: ['*'] },
  createPartner: { name: 'Your Bank sandbox', domain: EXAMPLE_DOMAIN },
  proposeLink: { counterparty_domain: 'sandbox-bank.test' },
  updateAdmissionTask: { status: 'completed', status_reason: 'accepted' },
};

/** Path parameters by name, as the reader would find them in their own answers. */
const PATH_VALUES: Record<string, string> = {
  payment_id: 'pay-0001',
  payment_address: `jane@${EXAMPLE_DOMAIN}`,
  partner_id: 'part_example',
  org_id: 'org_example',
  currency: 'USD',
  key: 'api_example',
};

/** Values by field name, for strings whose schema alone says too little. */
const BY_NAME: Array<[RegExp, unknown]> = [
  [/(^|_)payment_address$/, `jane@${EXAMPLE_DOMAIN}`],
  [/email$/, `admin@${EXAMPLE_DOMAIN}`],
  [/password$/, 'a long pass phrase 42'],
  [/^currency$/, 'USD'],
  [/^(total|amount|cap|amount_min|amount_max)$/, '2500'],
  [/^routing_number$/, '021000021'],
  [/^account_number$/, '000123456789'],
  [/domain$/, EXAMPLE_DOMAIN],
  [/^url$/, `https://${EXAMPLE_DOMAIN}/webhooks/csp`],
  [/^(first_name)$/, 'Jane'],
  [/^(last_name)$/, 'Doe'],
  [/name$/, 'Example'],
  [/^(note|description|reason|message)$/, 'Example note'],
  [/(^|_)id$/, 'example'],
];

function resolve(doc: OpenApiDocument, schema: Schema | undefined): Schema | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 10; i++) s = doc.components?.schemas?.[s.$ref.split('/').pop()!];
  return s;
}

/** An example value of `schema`, for a field named `name`. */
function exampleOf(doc: OpenApiDocument, schema: Schema | undefined, name = '', depth = 0): unknown {
  const s = resolve(doc, schema);
  if (!s || depth > 6) return null;
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  const choice = s.anyOf ?? s.oneOf;
  if (choice)
    return exampleOf(
      doc,
      choice.find((c) => resolve(doc, c)?.type !== 'null'),
      name,
      depth + 1,
    );
  if (s.allOf) return exampleOf(doc, s.allOf[0], name, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const key of s.required ?? []) out[key] = exampleOf(doc, s.properties?.[key], key, depth + 1);
    return out;
  }
  if (type === 'array') {
    if (name === 'event_types') return ['*'];
    return [exampleOf(doc, s.items, name, depth + 1)];
  }
  if (type === 'integer' || type === 'number') return s.minimum ?? (s.exclusiveMinimum ?? 0) + 1;
  if (type === 'boolean') return true;
  const named = BY_NAME.find(([re]) => re.test(name));
  if (named) return named[1];
  return 'example';
}

/** The body a sample sends, or undefined for an operation without one. */
export function exampleBody(doc: OpenApiDocument, op: Operation): unknown {
  if (!op.requestBody) return undefined;
  if (op.operationId in BODIES) return BODIES[op.operationId];
  return exampleOf(doc, op.requestBody.content?.['application/json']?.schema);
}

/** A path with its parameters filled in. */
export function examplePath(doc: OpenApiDocument, path: string, op: Operation): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = op.parameters?.find((p) => p.in === 'path' && p.name === name);
    const value = resolve(doc, param?.schema)?.example ?? PATH_VALUES[name];
    return encodeURIComponent(String(value ?? `${name.replace(/_id$/, '')}_example`));
  });
}

/** The required query parameters, with example values. */
export function exampleQuery(doc: OpenApiDocument, op: Operation): string {
  const params = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  if (!params.length) return '';
  const q = new URLSearchParams();
  for (const p of params) q.set(p.name, String(exampleOf(doc, p.schema, p.name)));
  return `?${q}`;
}
