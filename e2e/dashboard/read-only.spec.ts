import { expect, test } from '@playwright/test';
import { ROLES, shoot, stateOf } from './helpers';

const READERS = ['support', 'viewer'] as const;

// Screen, the control only admins see, and a column of the table everyone reads.
const SCREENS = [
  { path: '/namespaces', control: 'Create namespace', action: /^(Disable|Enable) / },
  { path: '/accounts', control: 'Add account', action: /^Delete / },
  { path: '/links', control: 'Propose link', action: /link with / },
  { path: '/customers', control: 'Create customer', action: null },
];

for (const role of READERS) {
  const who = ROLES[role];
  test.describe(() => {
    test.use({ storageState: stateOf(role) });
    test(`${who.email.split('@')[0]} users read namespaces, accounts, links and customers without the admin controls`, async ({
      page,
    }) => {
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await expect(page.getByRole('status', { name: 'Read only' })).toContainText(
          "Only your organization's admins",
        );
        await expect(page.getByRole('button', { name: screen.control })).toHaveCount(0);
        // The table is there, with its rows, but without an action in any of them.
        const table = page.getByRole('table');
        await expect(table.getByRole('row').nth(1)).toBeVisible();
        if (screen.action) await expect(table.getByRole('button', { name: screen.action })).toHaveCount(0);
        if (who.email.startsWith('viewer')) await shoot(page, `read-only${screen.path.replace('/', '-')}`);
      }
      // Resolving a payment address is a read: every role may.
      await page.getByLabel('Resolve a payment address').fill('jane@demo-bank.test');
      await page.getByRole('button', { name: 'Resolve' }).click();
      await expect(page.getByText('jane@demo-bank.test →')).toBeVisible();
      // The audit trail and the task queue are for admins and support (lib/dashboard/permissions.ts):
      // a viewer who opens them is told so, not shown the gateway's refusal.
      for (const [path, title] of [
        ['/audit', 'Audit trail'],
        ['/tasks', 'Task queue'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
        if (who.email.startsWith('viewer')) {
          await expect(page.getByRole('status', { name: 'Admins and support only' })).toBeVisible();
          if (path === '/tasks') {
            await expect(page.getByRole('list', { name: 'Tasks' })).toHaveCount(0);
            await shoot(page, 'viewer-on-tasks');
          }
        } else await expect(page.getByRole('status', { name: 'Admins and support only' })).toHaveCount(0);
      }
    });
  });
}

test.describe(() => {
  test.use({ storageState: stateOf('admin') });
  test("the operator's screens tell anyone else whose they are, without calling the gateway", async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/proxy/operator/') && r.status() === 403) refused.push(r.url());
    });
    for (const path of [
      '/operator',
      '/operator/accounts',
      '/operator/network',
      '/operator/organizations/org_x',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Network operator', level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: 'For the network operator only' })).toContainText(
        "they are the network operator's",
      );
    }
    await shoot(page, 'operator-only');
    expect(refused).toEqual([]);
    // Nor are they in the menu.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organizations' }),
    ).toHaveCount(0);
  });
});
