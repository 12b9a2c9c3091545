import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_BODY, api, expectError, keyAccess, signIn, uniq, type ApiOptions } from './helpers';
import { createBank, pushBody, type Bank } from './payments-helpers';

// Names show as they read (docs/decisions.md): every name, title, description, payment id and
// reference a person or an API key sets refuses control, bidirectional-override and invisible
// formatting characters with 400, naming the field; nothing is written. Letters of every script
// are names.

/** Hostile characters, each inside an otherwise good name (trimming would drop one at an end). */
const HOSTILE: Array<[string, string]> = [
  ['\u202E', 'U+202E'], // right-to-left override: "Acme\u202Eyrtsudni" reads "Acmeindustry"
  ['\u202D', 'U+202D'], // left-to-right override
  ['\u2067', 'U+2067'], // right-to-left isolate
  ['\u200F', 'U+200F'], // right-to-left mark
  ['\u061C', 'U+061C'], // Arabic letter mark
  ['\u200B', 'U+200B'], // zero-width space
  ['\uFEFF', 'U+FEFF'], // byte order mark
  ['\n', 'U+000A'],
  ['\u001B', 'U+001B'], // escape: terminal colours in an export opened in a shell
  ['\u0085', 'U+0085'], // next line (C1)
];
const GOOD = ['José Álvarez', '中文名字', 'محمد عبد الله'];

const RULE = 'must not contain control or bidirectional-override characters';
const refusal = (field: string, code: string) => ({
  code: 'error.bad_request',
  message: `${field}: ${RULE} (${code})`,
  field,
});

let bank: Bank;
const jwt = () => ({ token: bank.token, partner: bank.partnerId });

beforeAll(async () => {
  bank = await createBank();
});

/** One field of one operation: the body with `text` in that field, and what the list holds. */
interface Case {
  what: string;
  method: 'POST' | 'PATCH';
  path: () => string;
  cred: () => ApiOptions;
  field: string;
  body: (text: string) => Record<string, unknown>;
  /** What the operation writes, read back: unchanged by a refusal. */
  state: () => Promise<unknown>;
  idempotent?: boolean;
}

const list =
  (path: string, key: string, cred: () => ApiOptions = jwt) =>
  async () => {
    const res = await api('GET', path, cred());
    expect(res.status, res.text).toBe(200);
    return res.body.data[key];
  };

const customer = (over: Record<string, unknown>) => ({
  payment_address: `c-${uniq()}@${bank.domain}`,
  first_name: 'Ada',
  last_name: 'Lovelace',
  ...over,
});
const payment = (over: (b: ReturnType<typeof pushBody>) => void) => {
  const b = pushBody(bank, 'alice@sandbox-bank.test', '2500');
  over(b);
  return b;
};
let keyToken: string;
const keyState = async () => (await api('GET', `/apikey/${keyToken}`, jwt())).body.data;

const CASES: Case[] = [
  ...(['first_name', 'last_name', 'nick_name'] as const).map((field): Case => ({
    what: `POST /customer ${field}`,
    method: 'POST',
    path: () => '/customer',
    cred: () => bank.key,
    field,
    body: (text) => customer({ [field]: text }),
    state: list('/customer', 'count'),
  })),
  {
    what: 'POST /payments debtor_party.first_name',
    method: 'POST',
    path: () => '/payments',
    cred: () => bank.key,
    field: 'debtor_party.first_name',
    body: (text) => payment((b) => Object.assign(b.debtor_party, { first_name: text })),
    state: list('/payments', 'count', () => bank.key),
  },
  {
    what: 'POST /payments beneficiary_party.last_name',
    method: 'POST',
    path: () => '/payments',
    cred: () => bank.key,
    field: 'beneficiary_party.last_name',
    body: (text) => payment((b) => Object.assign(b.beneficiary_party, { last_name: text })),
    state: list('/payments', 'count', () => bank.key),
  },
  {
    what: 'POST /payments reference',
    method: 'POST',
    path: () => '/payments',
    cred: () => bank.key,
    field: 'reference',
    body: (text) => payment((b) => Object.assign(b, { reference: text })),
    state: list('/payments', 'count', () => bank.key),
  },
  {
    what: 'POST /payments payment_id',
    method: 'POST',
    path: () => '/payments',
    cred: () => bank.key,
    field: 'payment_id',
    body: (text) => payment((b) => Object.assign(b, { payment_id: `id-${text}` })),
    state: list('/payments', 'count', () => bank.key),
  },
  {
    what: 'POST /partner name',
    method: 'POST',
    path: () => '/partner',
    cred: () => ({ token: bank.token }),
    field: 'name',
    body: (text) => ({ name: text, domain: `n-${uniq()}.test` }),
    state: async () => (await api('GET', '/partner', { token: bank.token })).body.data.partners.length,
  },
  {
    what: 'PATCH /partner/{id} name',
    method: 'PATCH',
    path: () => `/partner/${bank.partnerId}`,
    cred: () => ({ token: bank.token }),
    field: 'name',
    body: (text) => ({ name: text }),
    state: async () => (await api('GET', `/partner/${bank.partnerId}`, { token: bank.token })).body.data.name,
  },
  ...(['name', 'description'] as const).flatMap((field): Case[] => [
    {
      what: `POST /apikey ${field}`,
      method: 'POST',
      path: () => '/apikey',
      cred: jwt,
      field,
      body: (text) => ({
        name: 'key',
        [field]: text,
        access: keyAccess('customers_read'),
      }),
      state: list('/apikey', 'count'),
    },
    {
      what: `PATCH /apikey/{token} ${field}`,
      method: 'PATCH',
      path: () => `/apikey/${keyToken}`,
      cred: jwt,
      field,
      body: (text) => ({ [field]: text }),
      state: keyState,
    },
  ]),
  {
    what: 'POST /webhook description',
    method: 'POST',
    path: () => '/webhook',
    cred: jwt,
    field: 'description',
    body: (text) => ({ kind: 'inbox', event_types: ['payment.created'], description: text }),
    state: list('/webhook', 'count'),
  },
  {
    what: 'POST /users name',
    method: 'POST',
    path: () => '/users',
    cred: () => ({ token: bank.token }),
    field: 'name',
    body: (text) => ({ email: `u-${uniq()}@example.test`, role: 'viewer', name: text }),
    state: async () => (await api('GET', '/users', { token: bank.token })).body.data.count,
  },
  {
    what: 'POST /account account_title',
    method: 'POST',
    path: () => '/account',
    cred: jwt,
    field: 'account_title',
    body: (text) => ({ ...ACCOUNT_BODY, account_title: text }),
    state: list('/account', 'count'),
  },
  {
    what: 'POST /account institution.name',
    method: 'POST',
    path: () => '/account',
    cred: jwt,
    field: 'institution.name',
    body: (text) => ({ ...ACCOUNT_BODY, institution: { ...ACCOUNT_BODY.institution, name: text } }),
    state: list('/account', 'count'),
  },
];

describe('names refuse control and bidirectional-override characters', () => {
  beforeAll(async () => {
    const made = await api('POST', '/apikey', {
      ...jwt(),
      body: {
        name: 'Named',
        description: 'Kept as is',
        access: keyAccess('customers_read'),
      },
    });
    expect(made.status, made.text).toBe(200);
    keyToken = made.body.data.token;
  });

  it.each(CASES.map((c) => [c.what, c] as const))(
    '%s: 400 naming the field, nothing written',
    async (_, c) => {
      const before = await c.state();
      for (const [char, code] of HOSTILE) {
        const res = await api(c.method, c.path(), {
          ...c.cred(),
          body: c.body(`Acme${char}yrtsudni`),
        });
        expect(res.status, `${JSON.stringify(char)} ${res.text}`).toBe(400);
        expect(res.body).toEqual(refusal(c.field, code));
      }
      expect(await c.state()).toEqual(before);
    },
  );

  it('POST /organization (sign-up): the organization name, and no organization is made', async () => {
    const email = `hostile-${uniq()}@example.test`;
    for (const [char, code] of HOSTILE) {
      const res = await api('POST', '/organization', {
        body: { name: `Acme${char}yrtsudni`, admin_email: email, admin_password: 'correct-horse-battery' },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toEqual(refusal('name', code));
    }
    await expect(signIn(email, 'correct-horse-battery')).rejects.toThrow(/sign-in failed: 401/);
  });

  it('a passkey name is a name too', async () => {
    const passkey = await api('POST', '/me/second-factor/passkeys', {
      token: bank.token,
      body: { name: 'Work\u202Elaptop', response: {} },
    });
    expectError(passkey, 400, 'error.bad_request');
    expect(passkey.body.field).toBe('name');
    expect(passkey.body.message).toContain(`name: ${RULE} (U+202E)`);
  });

  it('letters, marks and spaces of every script are names', async () => {
    for (const name of GOOD) {
      const made = await api('POST', '/customer', {
        ...bank.key,
        body: customer({ first_name: name, last_name: name }),
      });
      expect(made.status, made.text).toBe(200);
      expect(made.body.data).toMatchObject({ first_name: name, last_name: name });
      const b = payment((p) => Object.assign(p.debtor_party, { first_name: name }));
      Object.assign(b, { reference: name });
      const paid = await api('POST', '/payments', { ...bank.key, body: b });
      expect(paid.status, paid.text).toBe(200);
      expect(paid.body.data).toMatchObject({ reference: name, debtor_party: { first_name: name } });
      const renamed = await api('PATCH', `/partner/${bank.partnerId}`, { token: bank.token, body: { name } });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body.data.name).toBe(name);
    }
  });
});
