import { expect, test, type Page } from '@playwright/test';
import { actAs, type Role } from './helpers';

/**
 * Records, in the page, every use of what loads ICU's locale data: an `Intl` constructor, the
 * `toLocale…` methods and `localeCompare`. The first such use costs a phone 70–200 ms of main
 * thread (lib/domain/numbers.ts); the dashboard's first loads make none, its own code by ESLint's
 * rule and its libraries' as this test sees them.
 */
async function recordIcu(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __icu: string[] }).__icu = seen;
    const note = (name: string) => seen.push(`${name} ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
    for (const name of Object.getOwnPropertyNames(Intl)) {
      const ctor = (Intl as unknown as Record<string, unknown>)[name];
      if (typeof ctor !== 'function') continue;
      (Intl as unknown as Record<string, unknown>)[name] = new Proxy(ctor, {
        construct(target, args, newTarget) {
          note(`Intl.${name}`);
          return Reflect.construct(target, args, newTarget);
        },
        apply(target, self, args) {
          note(`Intl.${name}`);
          return Reflect.apply(target, self, args);
        },
      });
    }
    const wrap = (proto: object, method: string, label: string) => {
      const original = (proto as Record<string, (...a: unknown[]) => unknown>)[method]!;
      Object.defineProperty(proto, method, {
        configurable: true,
        writable: true,
        value: function (this: unknown, ...args: unknown[]) {
          note(label);
          return original.apply(this, args);
        },
      });
    };
    wrap(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
    wrap(BigInt.prototype, 'toLocaleString', 'BigInt#toLocaleString');
    wrap(Date.prototype, 'toLocaleString', 'Date#toLocaleString');
    wrap(Date.prototype, 'toLocaleDateString', 'Date#toLocaleDateString');
    wrap(Date.prototype, 'toLocaleTimeString', 'Date#toLocaleTimeString');
    wrap(String.prototype, 'localeCompare', 'String#localeCompare');
  });
}

const icuUses = (page: Page) => page.evaluate(() => (window as unknown as { __icu: string[] }).__icu);

const LOADS: { role: Role | null; path: string; heading: RegExp }[] = [
  { role: null, path: '/signin', heading: /sign in/i },
  { role: 'admin', path: '/', heading: /overview/i },
  { role: 'admin', path: '/payments', heading: /^payments$/i },
  { role: 'support', path: '/tasks', heading: /admission task queue/i },
  { role: 'admin', path: '/settlements', heading: /settlements/i },
  { role: 'admin', path: '/liquidity', heading: /liquidity/i },
  { role: 'operator', path: '/', heading: /^overview$/i },
  { role: 'operator', path: '/operator/network', heading: /network/i },
];

for (const { role, path, heading } of LOADS)
  test(`the first load of ${path}${role ? ` (${role})` : ''} builds no Intl object`, async ({ page }) => {
    await recordIcu(page);
    if (role) await actAs(page, role);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    // Hydration, the first reads and the charts' first draw: all done once the network is quiet.
    await page.waitForLoadState('networkidle');
    expect(await icuUses(page)).toEqual([]);
  });

test('the check sees a use: a formatter built after the load is recorded', async ({ page }) => {
  await recordIcu(page);
  await page.goto('/signin');
  await page.evaluate(() => new Intl.NumberFormat('en').format(1) + 'b'.localeCompare('a'));
  expect((await icuUses(page)).map((u) => u.split(' ')[0])).toEqual([
    'Intl.NumberFormat',
    'String#localeCompare',
  ]);
});
