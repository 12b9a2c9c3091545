import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import {
  ALL_ACCESS,
  api,
  createOrg,
  dbKind,
  expectError,
  signIn,
  targetServer,
  type TestOrg,
} from './helpers';
import { startServer } from './server';

// Credentials are cached per instance (docs/decisions.md, "Credentials"). A change made through
// one instance must be refused by another as soon as PostgreSQL's notification reaches it: two
// standalone instances on the suite's PostgreSQL database.
const stops: Array<() => Promise<void>> = [];
afterAll(async () => {
  targetServer(undefined);
  for (const stop of stops) await stop();
});

/** Calls `request` on the other instance until it is refused (401), for at most 2 s; the time it took. */
async function refusedWithin(request: () => Promise<{ status: number }>): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { status } = await request();
    if (status === 401) return performance.now() - started;
    expect(status).toBe(200);
    if (performance.now() - started > 2000) throw new Error('still accepted 2 s after the change');
  }
}

describe.runIf(dbKind() === 'postgres')(
  'the credential cache across two instances on one PostgreSQL database',
  () => {
    it('a key rotated, disabled or deleted through one instance, and a user re-roled, are refused by the other', async () => {
      const other = await startServer({
        host: 'standalone',
        db: 'postgres',
        databaseUrl: inject('databaseUrl'),
      });
      stops.push(other.stop);
      const onOther = async <T>(fn: () => Promise<T>) => {
        targetServer(other);
        try {
          return await fn();
        } finally {
          targetServer(undefined);
        }
      };
      const org: TestOrg = await createOrg();
      const admin = { token: org.token, partner: org.partnerId };
      const newKey = async () =>
        (await api('POST', '/apikey', { ...admin, body: { name: 'k', access: ALL_ACCESS } })).body.data;
      const read = (secret: string) =>
        onOther(() => api('GET', '/customer', { apiKey: secret, partner: org.partnerId }));

      // Rotation: the other instance has the key cached (two reads), then the old secret is refused.
      const rotating = await newKey();
      expect((await read(rotating.secret_key)).status).toBe(200);
      expect((await read(rotating.secret_key)).status).toBe(200);
      const rotated = await api('POST', `/apikey/${rotating.secret_key}`, admin);
      expect(rotated.status).toBe(200);
      const waits = [await refusedWithin(() => read(rotating.secret_key))];
      expect((await read(rotated.body.data.secret_key)).status).toBe(200);

      // Disabled, then deleted (revoked).
      const disabling = await newKey();
      expect((await read(disabling.secret_key)).status).toBe(200);
      expect(
        (await api('PATCH', `/apikey/${disabling.token}`, { ...admin, body: { enabled: false } })).status,
      ).toBe(200);
      waits.push(await refusedWithin(() => read(disabling.secret_key)));
      const deleting = await newKey();
      expect((await read(deleting.secret_key)).status).toBe(200);
      expect((await api('DELETE', `/apikey/${deleting.token}`, admin)).status).toBe(200);
      waits.push(await refusedWithin(() => read(deleting.secret_key)));

      // A user made viewer holds a token issued for support: refused by the other instance too.
      const email = `support-${Date.now()}@example.test`;
      const invited = await api('POST', '/users', {
        ...admin,
        body: { email, role: 'support', password: 'correct-horse-battery' },
      });
      expect(invited.status).toBe(200);
      const support = await signIn(email, 'correct-horse-battery');
      const asSupport = () => onOther(() => api('GET', '/partner', { token: support.access_token }));
      expect((await asSupport()).status).toBe(200);
      expect(
        (await api('PATCH', `/users/${invited.body.data.token}`, { ...admin, body: { role: 'viewer' } }))
          .status,
      ).toBe(200);
      waits.push(await refusedWithin(asSupport));
      expectError(await asSupport(), 401, 'error.unauthorized');

      // The notification arrives within milliseconds; a full second would mean it was missed.
      for (const ms of waits) expect(ms).toBeLessThan(1000);
    });
  },
);

describe.runIf(dbKind() === 'postgres')(
  'credential changes across three instances: refused everywhere once the change has answered',
  () => {
    // Rotate or disable a key, or re-role a user, through the suite's instance (A), and in the
    // same tick after its answer use the old credential on B and C, both holding it in their
    // cache. The change must answer only once every instance has emptied its cache.
    it('100 changes through A; the old credential is refused by B and C every time', async () => {
      const [b, c] = await Promise.all(
        [0, 1].map(() =>
          startServer({ host: 'standalone', db: 'postgres', databaseUrl: inject('databaseUrl') }),
        ),
      );
      stops.push(b!.stop, c!.stop);
      const others = [b!, c!];
      /** The request on each of B and C at once. */
      const onOthers = async (request: () => Promise<{ status: number }>) => {
        const statuses: number[] = [];
        await Promise.all(
          others.map(async (server) => {
            targetServer(server);
            const pending = request();
            targetServer(undefined);
            statuses.push((await pending).status);
          }),
        );
        return statuses;
      };
      const org: TestOrg = await createOrg();
      const admin = { token: org.token, partner: org.partnerId };
      const readWithKey = (secret: string) => () =>
        api('GET', '/customer', { apiKey: secret, partner: org.partnerId });

      const accepted: string[] = [];
      const TRIALS = 100;
      for (let trial = 0; trial < TRIALS; trial++) {
        const kind = (['rotate', 'disable', 'user'] as const)[trial % 3]!;
        let request: () => Promise<{ status: number }>;
        let change: () => Promise<{ status: number }>;
        if (kind === 'user') {
          const email = `support-${trial}-${Date.now()}@example.test`;
          const invited = await api('POST', '/users', {
            ...admin,
            body: { email, role: 'support', password: 'correct-horse-battery' },
          });
          expect(invited.status).toBe(200);
          const { access_token } = await signIn(email, 'correct-horse-battery');
          request = () => api('GET', '/partner', { token: access_token });
          change = () =>
            api('PATCH', `/users/${invited.body.data.token}`, { ...admin, body: { role: 'viewer' } });
        } else {
          const key = (await api('POST', '/apikey', { ...admin, body: { name: 'k', access: ALL_ACCESS } }))
            .body.data;
          request = readWithKey(key.secret_key);
          change =
            kind === 'rotate'
              ? () => api('POST', `/apikey/${key.secret_key}`, admin)
              : () => api('PATCH', `/apikey/${key.token}`, { ...admin, body: { enabled: false } });
        }
        // B and C resolve the credential (and keep it), then A changes it.
        expect(await onOthers(request)).toEqual([200, 200]);
        expect((await change()).status).toBe(200);
        const after = await onOthers(request);
        after.forEach((status, i) => {
          if (status !== 401) accepted.push(`trial ${trial} (${kind}) on ${'BC'[i]}: ${status}`);
        });
      }
      expect(accepted, `${accepted.length} of ${TRIALS * 2} requests accepted`).toEqual([]);
    }, 300_000);
  },
);
