import { describe, expect, it } from 'vitest';
import { createGateway } from '@/lib/gateway/app';

type Op = {
  operationId?: string;
  responses?: Record<
    string,
    { links?: Record<string, { operationId: string; parameters: Record<string, string> }> }
  >;
};

describe('the served document, links', () => {
  it('links each create to the reads and changes of what it created, by operations that exist', async () => {
    const doc = (await (await createGateway().request('/api/v1/csp/openapi.json')).json()) as {
      paths: Record<string, Record<string, Op>>;
    };
    const ids = new Set(Object.values(doc.paths).flatMap((i) => Object.values(i).map((o) => o.operationId)));
    const linksOf = (path: string) => doc.paths[`/api/v1/csp${path}`]!.post!.responses!['200']!.links!;
    expect(linksOf('/payments').getPayment).toMatchObject({
      operationId: 'getPayment',
      parameters: { payment_id: '$response.body#/data/payment_id' },
    });
    expect(Object.keys(linksOf('/webhook')).sort()).toEqual(['deleteWebhook', 'getWebhook', 'updateWebhook']);
    expect(linksOf('/payments/{payment_id}/submissions').getSubmission!.parameters).toEqual({
      submission_id: '$response.body#/data/token',
      payment_id: '$request.path.payment_id',
    });
    expect(linksOf('/payments/{payment_id}/returns').getReturn!.parameters).toEqual({
      return_id: '$response.body#/data/token',
    });
    let count = 0;
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item))
        for (const link of Object.values(op.responses?.['200']?.links ?? {})) {
          expect(ids.has(link.operationId)).toBe(true);
          count++;
        }
    expect(count).toBeGreaterThanOrEqual(15);
  });
});
