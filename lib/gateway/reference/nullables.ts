import type { OpenApiDocument } from './examples';

/**
 * The document's nullable references as JSON Schema 2020-12 reads them. The generator writes a
 * `.nullable()` schema that is a reference as `allOf: [{$ref}, {type: [<type>, "null"]}]`, which
 * no `null` satisfies (`allOf` needs both, and the reference's type is not null): every answer
 * holding such a null (`Organization.decided_at`, `Me.organization`, …) failed a validator. Each
 * becomes `anyOf: [{$ref}, {type: "null"}]`, its description kept beside it. Rewritten in place.
 */
export function nullableReferences(doc: OpenApiDocument): OpenApiDocument {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    const all = o.allOf;
    if (Array.isArray(all) && all.length === 2) {
      const [ref, nullable] = all as [Record<string, unknown>, Record<string, unknown>];
      const type = nullable?.type;
      const onlyTyped = nullable && Object.keys(nullable).every((k) => k === 'type' || k === 'description');
      if (ref?.$ref && onlyTyped && Array.isArray(type) && type.includes('null')) {
        delete o.allOf;
        o.anyOf = [ref, { type: 'null' }];
        if (nullable.description !== undefined && o.description === undefined)
          o.description = nullable.description;
      }
    }
    Object.values(o).forEach(visit);
  };
  visit(doc);
  return doc;
}
