import type { OpenApiDocument } from './examples';

type Schema = { $ref?: string; properties?: Record<string, Schema>; allOf?: Schema[] };
type Operation = {
  operationId?: string;
  responses?: Record<
    string,
    { content?: Record<string, { schema?: Schema }>; links?: Record<string, unknown> }
  >;
};

/**
 * OpenAPI links from each operation that creates a resource to the operations that read, change
 * or remove it (`POST /webhook` → `getWebhook`, `updateWebhook`, `deleteWebhook`), so a tool can
 * chain them from the document alone: the new resource's id is taken from the create answer's
 * `data` (the field the read's path parameter names where the answer has it — `payment_id` —,
 * else its `token`), and the parent's path parameters from the create request. A create whose
 * answer holds no such id (a cut-off answers batches) gets none. Written into the document in place.
 */
export function withLinks(doc: OpenApiDocument): OpenApiDocument {
  const paths = (doc as unknown as { paths: Record<string, Record<string, Operation>> }).paths;
  const schemas =
    (doc as unknown as { components?: { schemas?: Record<string, Schema> } }).components?.schemas ?? {};
  const resolve = (s: Schema | undefined): Schema | undefined =>
    s?.$ref ? resolve(schemas[s.$ref.replace('#/components/schemas/', '')]) : s;
  const fieldsOf = (s: Schema | undefined): Set<string> => {
    const r = resolve(s);
    if (!r) return new Set();
    return new Set([...Object.keys(r.properties ?? {}), ...(r.allOf ?? []).flatMap((a) => [...fieldsOf(a)])]);
  };
  // The returns of a payment are read at their own path, not under it.
  const children = (path: string): string[] =>
    path.endsWith('/payments/{payment_id}/returns')
      ? [path.replace('/payments/{payment_id}/returns', '/returns/{return_id}')]
      : Object.keys(paths).filter(
          (p) => p.startsWith(`${path}/{`) && p.split('/').length === path.split('/').length + 1,
        );
  for (const [path, item] of Object.entries(paths)) {
    const create = item.post;
    const ok = create?.responses?.['200'];
    const data = resolve(ok?.content?.['application/json']?.schema)?.properties?.data;
    if (!ok || !data) continue;
    const answer = fieldsOf(data);
    const parentParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const links: Record<string, unknown> = {};
    for (const child of children(path)) {
      const param = /\{(\w+)\}$/.exec(child)?.[1];
      if (!param || !paths[child]) continue;
      const field = answer.has(param) ? param : answer.has('token') ? 'token' : null;
      if (!field) continue;
      for (const [method, op] of Object.entries(paths[child]!)) {
        if (!op.operationId || method === 'post') continue;
        const parameters: Record<string, string> = { [param]: `$response.body#/data/${field}` };
        for (const p of parentParams) if (child.includes(`{${p}}`)) parameters[p] = `$request.path.${p}`;
        links[op.operationId] = {
          operationId: op.operationId,
          parameters,
          description: `${method.toUpperCase()} ${child.replace('/api/v1/csp', '')} of what this created`,
        };
      }
    }
    if (Object.keys(links).length) ok.links = links;
  }
  return doc;
}
