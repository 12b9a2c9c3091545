import { describe, expect, inject, it } from 'vitest';
import { DEMO } from '@/lib/seed/demo-credentials';
import { startServer } from './server';

/** The line a start-up step is reported on to `npm start` (lib/server/start.ts, scripts/start.ts). */
const STEP_PREFIX = '[csp-start-step] ';

/** The file's own server, on PGlite: it runs in the runs on PGlite only. */
const ownRun = inject('dbKind') === 'pglite';

describe.runIf(ownRun)('npm start: the demo data step', () => {
  it("reports the demo key's organization and namespace, with which the printed curl answers 200", async () => {
    const server = await startServer({
      host: 'standalone',
      db: 'pglite',
      env: { SEED_DEMO: 'true', CSP_START_STEPS: '1' },
    });
    try {
      const line = server
        .output()
        .split('\n')
        .find((l) => l.startsWith(STEP_PREFIX) && l.includes('"step":"demo data"'));
      expect(line, server.output()).toBeDefined();
      const step = JSON.parse(line!.slice(STEP_PREFIX.length)) as {
        detail: string;
        demoKey: { orgId: string; partnerId: string } | null;
      };
      expect(step.detail).toBe('seeded');
      expect(step.demoKey).toEqual({
        orgId: expect.stringMatching(/^org_/),
        partnerId: expect.stringMatching(/^part_/),
      });
      // The curl scripts/start.ts prints, with nobody signed in to find the ids.
      const res = await fetch(`${server.baseUrl}/customer/jane@demo-bank.test/resolve`, {
        headers: {
          'X-SERVICE-API-KEY': DEMO.apiKey,
          'x-org-id': step.demoKey!.orgId,
          'x-partner-id': step.demoKey!.partnerId,
        },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
