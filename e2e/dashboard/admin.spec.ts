import { expect, test } from '@playwright/test';
import { actAs, expectAccessible, shoot, shootThemes, signUpSandbox, uniq } from './helpers';

test('namespaces: create, filter, disable', async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Namespaces' }).click();
  const domain = `branch-${uniq()}.demo-bank.test`;
  await page.getByLabel('Name', { exact: true }).fill('Branch');
  await page.getByLabel('Domain', { exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Create namespace' }).click();
  await expect(page.getByRole('cell', { name: domain, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Disable ${domain}` }).click();
  await page.getByLabel('Show').selectOption('false');
  await expect(page).toHaveURL(/enabled=false/);
  await expect(page.getByRole('cell', { name: domain, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'demo-bank.test', exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'namespaces');

  // Its settings: the payment time to live and the compliance review threshold, checked as the
  // API checks them, saved, shown in the list and answered by the API.
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: domain, exact: true }) });
  await expect(row.getByRole('cell', { name: '1 d', exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Settings of ${domain}` }).click();
  const dialog = page.getByRole('dialog', { name: `Settings of ${domain}` });
  await expect(dialog.getByLabel('Payment time to live')).toHaveValue('1');
  await expect(dialog.getByLabel('Unit', { exact: true })).toHaveValue('days');
  await dialog.getByLabel('Payment time to live').fill('31');
  await expect(dialog.getByText('From 5 seconds to 30 days, a whole number')).toBeVisible();
  await dialog.getByLabel('Payment time to live').fill('90');
  await dialog.getByLabel('Unit', { exact: true }).selectOption('minutes');
  // Shown and typed in money, not minor units.
  await expect(dialog.getByLabel('Compliance review from')).toHaveValue(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await dialog.getByLabel('Compliance review from').fill('25.001');
  await expect(dialog.getByText('An amount above 0 with at most 2 decimals (e.g. 10,000.00)')).toBeVisible();
  await dialog.getByLabel('Compliance review from').fill('2,500');
  await expect(
    dialog.getByText(
      '2,500.00 in USD, EUR or another currency with 2 decimals; 250,000 in a currency without decimals (JPY)',
      { exact: false },
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await shootThemes(page, 'namespace-settings', { axe: false });
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell', { name: '90 min', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '2,500.00', exact: true })).toBeVisible();
  const saved = await page.evaluate(
    (d) =>
      fetch('/api/proxy/partner?limit=100&enabled=false')
        .then((r) => r.json())
        .then((b) => b.data.partners.find((p: { domain: string }) => p.domain === d)),
    domain,
  );
  expect(saved).toMatchObject({ payment_ttl_seconds: 5400, review_threshold: '250000' });
});

test('API keys: create shows the secret once; rotate stops the old secret; revoke behind a confirmation', async ({
  page,
  request,
}) => {
  await actAs(page, 'admin');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  const name = `ci-${uniq()}`;
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('revealed-secret').textContent())!.trim();
  expect(secret).toMatch(/^sk_live_/);
  await shoot(page, 'api-keys-created');
  await page.getByRole('button', { name: 'Done' }).click();

  // the key works against the API
  const me = await page.evaluate(() => fetch('/api/proxy/me').then((r) => r.json()));
  const partner = me.data.preferred_partner_id ?? me.data.partners[0].token;
  const orgId = me.data.organization.token;
  const call = (s: string) =>
    request.get(`/api/v1/csp/customer`, {
      headers: { 'x-service-api-key': s, 'x-org-id': orgId, 'x-partner-id': partner },
    });
  expect((await call(secret)).status()).toBe(200);

  // Rotation needs no secret pasted: an admin who lost it can rotate too.
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Rotate…' }).click();
  await expect(page.getByText(`The current secret (ending ${secret.slice(-4)})`)).toBeVisible();
  await page.getByRole('button', { name: 'Rotate now' }).click();
  await expect(page.getByText('The previous secret has stopped working.')).toBeVisible();
  const rotated = (await page.getByTestId('revealed-secret').textContent())!.trim();
  expect(rotated).not.toBe(secret);
  expect((await call(secret)).status()).toBe(401);
  expect((await call(rotated)).status()).toBe(200);
  await expectAccessible(page);
  await shoot(page, 'api-keys-rotated');
  await page.getByRole('button', { name: 'Done' }).click();

  // Revoking asks first; Cancel (or Escape) keeps the key working.
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Revoke…' }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'api-keys-revoke-confirm');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  expect((await call(rotated)).status()).toBe(200);
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Revoke…' }).click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Key revoked')).toBeVisible();
  await expect(confirm).toBeHidden();
  expect((await call(rotated)).status()).toBe(401);
});

test('API keys: editing a key renames it and drops transactions_write; the API refuses its writes at once', async ({
  page,
  request,
}) => {
  // A fresh sandbox organization: its payments list holds only what this test creates.
  await signUpSandbox(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'API keys' }).click();
  const name = `edit-${uniq()}`;
  await page.getByLabel('Key name').fill(name);
  await page.getByLabel('customers_write').check();
  await page.getByLabel('transactions_write').check();
  await page.getByRole('button', { name: 'Create key' }).click();
  const secret = (await page.getByTestId('revealed-secret').textContent())!.trim();
  expect(secret).toMatch(/^sk_sandbox_/);
  await page.getByRole('button', { name: 'Done' }).click();

  const me = await page.evaluate(() => fetch('/api/proxy/me').then((r) => r.json()));
  const ns = me.data.partners[0] as { token: string; domain: string };
  const headers = {
    'x-service-api-key': secret,
    'x-org-id': me.data.organization.token,
    'x-partner-id': ns.token,
  };
  const pay = (paymentId: string) =>
    request.post('/api/v1/csp/payments', {
      headers: { ...headers, 'idempotency-key': `idem-${paymentId}` },
      data: {
        payment_id: paymentId,
        amount: { currency: 'USD', total: '1250' },
        debtor_party: {
          payment_address: `payer@${ns.domain}`,
          first_name: 'Pat',
          last_name: 'Payer',
          type: 'Payer_Individual',
          billing: { country: 'US' },
        },
        beneficiary_party: {
          payment_address: 'alice@sandbox-bank.test',
          first_name: 'Alice',
          last_name: 'Sandbox',
          type: 'Payee_Individual',
        },
        payment_type: 'Type_Push',
      },
    });
  const before = `before-${uniq()}`;
  const created = await pay(before);
  expect(created.status()).toBe(200);
  expect((await created.json()).data.payment_id).toBe(before);

  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(
    row.getByRole('cell', { name: 'customers_read, customers_write, transactions_read, transactions_write' }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit “${name}”` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(dialog.getByLabel('transactions_write')).toBeChecked();
  // Field-level check: an empty name is refused before anything is sent.
  await dialog.getByLabel('Name', { exact: true }).fill(' ');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText('Enter a name')).toBeVisible();
  const renamed = `${name}-renamed`;
  await dialog.getByLabel('Name', { exact: true }).fill(renamed);
  await dialog.getByLabel('Description').fill('Reads only since the edit');
  await dialog.getByLabel('transactions_write').uncheck();
  await shootThemes(page, 'api-keys-edit');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Key “${renamed}” updated`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: `Edit ${renamed}` })).toBeFocused();

  // The list shows the new name and access; the old name is gone.
  const renamedRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: renamed, exact: true }) });
  await expect(
    renamedRow.getByRole('cell', { name: 'customers_read, customers_write, transactions_read', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name, exact: true })).toHaveCount(0);
  await shoot(page, 'api-keys-edited');

  // The same secret: a write needing transactions_write is refused, reads still work.
  const refused = await pay(`after-${uniq()}`);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({
    code: 'error.forbidden',
    message: 'This API key lacks the transactions_write permission',
  });
  const list = await request.get('/api/v1/csp/payments', { headers });
  expect(list.status()).toBe(200);
  const body = await list.json();
  expect(body.data.count).toBe(1);
  expect(body.data.payments.map((p: { payment_id: string }) => p.payment_id)).toEqual([before]);
  // The gateway holds the edit.
  const stored = await page.evaluate(
    (partner) => fetch('/api/proxy/apikey', { headers: { 'x-partner-id': partner } }).then((r) => r.json()),
    ns.token,
  );
  const key = stored.data.api_keys.find((k: { name: string }) => k.name === renamed);
  expect(key).toMatchObject({
    description: 'Reads only since the edit',
    enabled: true,
    access: {
      customers_read: true,
      customers_write: true,
      transactions_read: true,
      transactions_write: false,
    },
  });
});

test('operator rejects a sandbox organization; the organization sees it declined', async ({
  page,
  browser,
}) => {
  const founderContext = await browser.newContext();
  const founder = await founderContext.newPage();
  const org = await signUpSandbox(founder);

  await actAs(page, 'operator');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organizations' }).click();
  await page.getByRole('button', { name: `Reject ${org.name}` }).click();
  // Confirmed in a dialog, with a note that is required and kept.
  const dialog = page.getByRole('dialog', { name: `Reject “${org.name}”?` });
  await expect(dialog).toContainText('The decision is final.');
  await dialog.getByRole('button', { name: 'Reject organization' }).click();
  await expect(dialog.getByLabel('Note (required, shown to the organization)')).toHaveAccessibleDescription(
    'Enter a note: it is kept with the decision',
  );
  await expectAccessible(page);
  await shoot(page, 'operator-reject-dialog');
  await dialog.getByLabel('Note (required, shown to the organization)').fill('Not a licensed institution');
  await dialog.getByRole('button', { name: 'Reject organization' }).click();
  await expect(page.getByText(`${org.name} is now rejected`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: org.name, exact: true })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('rejected');
  await expect(page).toHaveURL(/status=rejected/);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: org.name, exact: true }) });
  await expect(row.getByRole('cell', { name: 'rejected', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Not a licensed institution', exact: true })).toBeVisible();
  // A decision is final: no buttons on a rejected organization.
  await expect(row.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'operator-rejected');

  await founder.reload();
  await expect(founder.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(founder.getByText('Sandbox — verification was declined')).toBeVisible();
  await expect(founder.getByText('Sandbox — awaiting verification')).toHaveCount(0);
  await expect(founder.getByRole('note')).toHaveText(
    'The network operator declined verification: “Not a licensed institution”',
  );
  const me = await founder.evaluate(() => fetch('/api/proxy/me').then((r) => r.json()));
  expect(me.data.organization.status).toBe('rejected');
  await expectAccessible(founder);
  await shoot(founder, 'organization-rejected');
  await founderContext.close();
});

test('operator verifies a sandbox organization and its banner disappears', async ({ page, browser }) => {
  const email = `verify-${uniq()}@example.test`;
  const name = `Verify Me ${uniq()}`;
  const founderContext = await browser.newContext();
  const founder = await founderContext.newPage();
  await founder.goto('/signup');
  await founder.getByLabel('Organization name').fill(name);
  await founder.getByLabel('Email').fill(email);
  await founder.getByLabel('Password').fill('verify-password');
  await founder.getByRole('button', { name: 'Create organization' }).click();
  await expect(founder.getByText('Sandbox — awaiting verification')).toBeVisible();

  await actAs(page, 'operator');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organizations' }).click();
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'operator');
  // The review page first: what the organization did in the sandbox (nothing yet but sign up).
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('1 admin')).toBeVisible();
  // Who is behind it: the admin's e-mail, and the sign-up's time, address and browser.
  const behind = page.getByRole('region', { name: 'Who is behind it' });
  await expect(
    behind.getByRole('list', { name: 'Admins' }).getByRole('link', { name: email }),
  ).toHaveAttribute('href', `mailto:${email}`);
  await expect(behind.getByRole('list', { name: 'Admins' })).toContainText('last signed in');
  await expect(behind.getByTestId('signed-up')).toContainText(
    `by ${email} · from 127.0.0.1 · Chrome on Linux`,
  );
  const checklist = page.getByRole('list', { name: /^Checklist of / });
  await expect(checklist).toContainText('API key created: not yet');
  await expect(checklist).toContainText('Payment sent to the Sandbox Bank: not yet');
  const activity = page.locator('dl', { hasText: 'Payments' }).first();
  await expect(activity).toContainText('Payments0');
  await shootThemes(page, 'operator-review');
  await page.getByRole('button', { name: 'Verify…' }).click();
  const dialog = page.getByRole('dialog', { name: `Verify “${name}”?` });
  await dialog.getByRole('button', { name: 'Verify organization' }).click();
  await expect(dialog.getByText('Enter a note: it is kept with the decision')).toBeVisible();
  await dialog.getByLabel('Note (required, shown to the organization)').fill('Licence checked');
  await dialog.getByRole('button', { name: 'Verify organization' }).click();
  await expect(page.getByText(`${name} is now verified`)).toBeVisible();
  const decided = page.getByRole('region', { name: 'Decision' });
  await expect(decided).toContainText('Verified');
  await expect(decided).toContainText('by operator@network.test: Licence checked');

  await founder.reload();
  await expect(founder.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(founder.getByText('Sandbox — awaiting verification')).toHaveCount(0);
  // Its only namespace is a sandbox one: test mode, and the overview says how to go live.
  await expect(
    founder.getByText('Test mode — a sandbox namespace: its payments never reach production'),
  ).toBeVisible();
  const goLive = founder.getByRole('region', { name: 'Going live' });
  await expect(goLive).toContainText('live keys begin sk_live_');
  await expectAccessible(founder);
  await shootThemes(founder, 'overview-go-live');

  await goLive.getByRole('link', { name: 'Create a production namespace' }).click();
  const domain = `live-${uniq()}.example.test`;
  await founder.getByLabel('Name', { exact: true }).fill('Live');
  await founder.getByLabel('Domain', { exact: true }).fill(domain);
  await expect(founder.getByLabel('Environment')).toHaveValue('production');
  await founder.getByRole('button', { name: 'Create namespace' }).click();
  const row = founder
    .getByRole('row')
    .filter({ has: founder.getByRole('cell', { name: domain, exact: true }) });
  await expect(row.getByRole('cell', { name: 'production', exact: true })).toBeVisible();
  await founder.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  await expect(founder.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(founder.getByRole('region', { name: 'Going live' })).toHaveCount(0);
  await founderContext.close();
});

test("a user cannot see another organization's data by editing the URL", async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/');
  const res = await page.evaluate(() =>
    fetch('/api/proxy/apikey', { headers: { 'x-partner-id': 'part_not_mine' } }).then((r) => r.status),
  );
  expect(res).toBe(401);
  // A cursor edited by hand is refused by the gateway, and the screen says why.
  await page.goto('/namespaces?cursor=not-a-cursor');
  await expect(page.getByText('cursor: not a cursor of this list')).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
