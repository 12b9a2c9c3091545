import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { createGateway } from '@/lib/gateway/app';

/**
 * The served document against a standard JSON Schema 2020-12 validator: a null where the wire
 * sends one validates (it did not: `allOf` of a reference and a nullable type needs both).
 */
describe('the served document, nullable references', () => {
  it('declares each as anyOf [$ref, null]: a real null validates, a wrong type does not', async () => {
    const res = await createGateway().request('/api/v1/csp/openapi.json');
    const doc = (await res.json()) as { components: { schemas: Record<string, unknown> } };
    const text = JSON.stringify(doc);
    // No allOf of a reference and a bare nullable type is left anywhere in the document.
    expect(text).not.toMatch(
      /"allOf":\[\{"\$ref":"[^"]+"\},\{"type":\[[^\]]*"null"[^\]]*\](,"description":"[^"]*")?\}\]/,
    );
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const valid = (schema: string, value: unknown) =>
      ajv.validate({ $ref: `doc#/components/schemas/${schema}` }, value);
    const seconds = { seconds: 1795900000 };
    const webhook = {
      token: 'wh_1',
      partner_id: 'part_1',
      kind: 'url',
      url: 'https://x.example/hook',
      description: '',
      event_types: ['*'],
      enabled: true,
      disabled_reason: null,
      failing_since: null,
      created_at: seconds,
      updated_at: seconds,
    };
    expect(valid('Webhook', webhook)).toBe(true);
    expect(valid('Webhook', { ...webhook, failing_since: seconds })).toBe(true);
    expect(valid('Webhook', { ...webhook, failing_since: 'yesterday' })).toBe(false);
    const org = {
      token: 'org_1',
      name: 'A',
      status: 'sandbox',
      created_at: seconds,
      updated_at: seconds,
      decided_at: null,
      decision_note: null,
      require_second_factor: false,
    };
    expect(valid('Organization', org)).toBe(true);
    expect(valid('Organization', { ...org, decided_at: seconds })).toBe(true);
  });
});
