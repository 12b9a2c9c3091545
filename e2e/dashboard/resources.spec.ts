import { expect, test, type Page } from '@playwright/test';
import {
  actAs,
  chooseTab,
  DEMO_ADMIN,
  downloadCsv,
  expectAccessible,
  nav,
  openSearch,
  shoot,
  signInAs,
  signUpSandbox,
  uniq,
} from './helpers';

test('accounts: add with a checked routing number, filter, verify is refused in production, delete behind a confirmation', async ({
  page,
}) => {
  await actAs(page, 'admin');
  await page.goto('/');
  await nav(page, 'Accounts');
  await expect(page.getByRole('cell', { name: 'Settlement — operating', exact: true })).toBeVisible();
  const title = `Payroll ${uniq()}`;
  await page.getByLabel('Account title').fill(title);
  await page.getByLabel('Account number').fill('000111222333');
  await page.getByLabel('Routing number', { exact: true }).first().fill('021000022');
  await page.getByLabel('Bank name').fill('First Clearing');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByText(/valid 9-digit ABA routing number/)).toBeVisible();
  await page.getByLabel('Routing number', { exact: true }).first().fill('021000021');
  await page.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  // Applied once typing pauses, with the focus still in the field.
  await page.getByLabel('Title contains').pressSequentially('payroll');
  await expect(page).toHaveURL(/account_title=payroll/);
  await expect(page.getByLabel('Title contains')).toBeFocused();
  await expect(page.getByRole('cell', { name: 'Settlement — operating', exact: true })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'accounts');
  // The filtered set as CSV: the accounts whose title holds "payroll", the number masked.
  const csv = await downloadCsv(
    page,
    page.getByRole('link', { name: 'Export these accounts as CSV' }),
    'accounts.csv',
  );
  expect(csv[0]).toMatch(/^account_id,account_title,masked_account_number,routing_number,/);
  for (const l of csv.slice(1)) expect(l.split(',')[1]!.toLowerCase()).toContain('payroll');
  expect(csv).toContainEqual(expect.stringContaining(`,${title},****2333,021000021,`));
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page
    .getByRole('dialog', { name: `Delete “${title}”?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Account deleted')).toBeVisible();
  await expect(page.getByRole('cell', { name: title, exact: true })).toHaveCount(0);
  await page.getByLabel('Status', { exact: true }).selectOption('AS_Deleted');
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
});

test('customers: resolve a linked address and create one', async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/');
  await nav(page, 'Customers');
  await page.getByLabel('Resolve a payment address').fill('maria@union-cu.test');
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText('Maria Garcia')).toBeVisible();
  await page.getByLabel('Resolve a payment address').fill('nobody@nowhere.test');
  await page.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByText(/No customer nobody@nowhere.test/)).toBeVisible();
  const address = `new-${uniq()}@demo-bank.test`;
  await page.getByLabel('Payment address', { exact: true }).fill(address);
  await page.getByLabel('First name', { exact: true }).fill('New');
  await page.getByLabel('Last name', { exact: true }).fill('Customer');
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByRole('cell', { name: address, exact: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'customers');
});

test('users: invite by a one-time link the teammate opens, change role, sign out, reset access, remove', async ({
  page,
}) => {
  await actAs(page, 'admin');
  await page.goto('/');
  await nav(page, 'Users');
  const email = `teammate-${uniq()}@demo-bank.test`;
  const password = 'quiet-harbor-lantern-93';
  await page.getByLabel('User email').fill(email);
  await page.getByLabel('Full name').fill('Terry Mate');
  await page.getByRole('button', { name: 'Invite user' }).click();
  // The link is shown once, to copy: no password was typed by the admin.
  const dialog = page.getByRole('dialog', { name: `Invitation link for ${email}` });
  await expect(dialog).toContainText('It works once, until');
  const link = await dialog.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/invitation\/inv_[A-Za-z0-9_-]{43}$/);
  await expectAccessible(page);
  await shoot(page, 'users-invitation-link');
  await dialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited: no password yet');

  // The teammate opens the link in a browser of their own and sets their password.
  const other = await page.context().browser()!.newContext();
  const theirs = await other.newPage();
  await theirs.goto(link);
  await expect(theirs.getByRole('heading', { name: 'Join Demo Bank' })).toBeVisible();
  await expect(theirs.getByLabel('Email')).toHaveValue(email);
  await theirs.getByLabel('New password', { exact: true }).fill(password);
  await theirs.getByLabel('Repeat the password').fill(`${password}x`);
  await theirs.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(theirs.getByText('The two passwords differ')).toBeVisible();
  await theirs.getByLabel('Repeat the password').fill(password);
  await expectAccessible(theirs);
  await shoot(theirs, 'invitation-accept');
  await theirs.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(theirs).toHaveURL(/\/$/);
  // Spent: the same link now says why it cannot be used.
  const spent = await other.newPage();
  await spent.goto(link);
  await expect(spent.getByText(/This invitation link is not valid: it was used/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Active');

  const role = page.getByLabel(`Role of ${email}`);
  await role.evaluate((el) => el.setAttribute('data-marked', ''));
  await role.selectOption('viewer');
  await expect(page.getByText('Role changed')).toBeVisible();
  // The re-renders of the change update the row's cells in place, never remount them (a remounted
  // select loses focus and keyboard position): the element is the one marked before.
  await expect(role).toHaveValue('viewer');
  await expect(role).toHaveAttribute('data-marked', '');
  // The signed-in admin is marked and has no Remove button of their own.
  const me = page.getByRole('row').filter({ hasText: DEMO_ADMIN.email });
  await expect(me).toContainText(`${DEMO_ADMIN.email}(you)`);
  await expect(page.getByRole('button', { name: `Remove ${DEMO_ADMIN.email}` })).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'users');
  // Signed out everywhere: the teammate's session ends.
  await page.getByRole('button', { name: `Sign out ${email} everywhere` }).click();
  await page
    .getByRole('dialog', { name: `Sign out ${email}?` })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(page.getByText(`${email} is signed out everywhere`)).toBeVisible();
  await theirs.goto('/payments');
  await expect(theirs).toHaveURL(/\/signin/);
  // Reset access: their password stops working and a new link is shown.
  await signInAs(theirs, { email, password });
  await page.getByRole('button', { name: `Reset access of ${email}` }).click();
  await page
    .getByRole('dialog', { name: `Reset access of ${email}?` })
    .getByRole('button', { name: 'Reset access' })
    .click();
  const again = page.getByRole('dialog', { name: `Invitation link for ${email}` });
  const resetLink = await again.getByLabel('Invitation link').inputValue();
  expect(resetLink).not.toBe(link);
  await again.getByRole('button', { name: 'Done' }).click();
  const invited = page.getByRole('row').filter({ hasText: email });
  await expect(invited).toContainText('Invited: no password yet');
  await theirs.goto('/payments');
  await expect(theirs).toHaveURL(/\/signin/);

  // A pending invitation is worked as one: a new link (the one sent before dies) or revoked. It has
  // no session to end nor access to reset.
  await expect(invited.getByRole('button', { name: `Sign out ${email} everywhere` })).toHaveCount(0);
  await expect(invited.getByRole('button', { name: `Reset access of ${email}` })).toHaveCount(0);
  await invited.getByRole('button', { name: `New invitation link for ${email}` }).click();
  const renew = page.getByRole('dialog', { name: `New invitation link for ${email}?` });
  await expect(renew).toContainText('The link sent before stops working at once.');
  await shoot(page, 'users-invitation-new-link');
  await renew.getByRole('button', { name: 'Make a new link' }).click();
  const renewed = page.getByRole('dialog', { name: `Invitation link for ${email}` });
  const newLink = await renewed.getByLabel('Invitation link').inputValue();
  expect(newLink).toMatch(/\/invitation\/inv_[A-Za-z0-9_-]{43}$/);
  expect(newLink).not.toBe(resetLink);
  await renewed.getByRole('button', { name: 'Done' }).click();
  const stale = await other.newPage();
  await stale.goto(resetLink);
  await expect(stale.getByText(/This invitation link is not valid/)).toBeVisible();
  await other.close();

  await invited.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
  await page
    .getByRole('dialog', { name: `Revoke the invitation of ${email}?` })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText(`The invitation of ${email} is revoked`)).toBeVisible();
  await expect(page.getByRole('cell', { name: email, exact: true })).toHaveCount(0);
  // The link of a revoked invitation leads nowhere.
  const revoked = await (await page.context().browser()!.newContext()).newPage();
  await revoked.goto(newLink);
  await expect(revoked.getByText(/This invitation link is not valid/)).toBeVisible();
  await revoked.context().close();
});

const linkRow = (page: Page, domain: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: domain, exact: true }) });

// The demo's link is only read here: suspending it would refuse the Demo Bank ↔ Union payments
// of the specs running beside this one (playwright.config.ts); the sandbox link below is suspended.
test('links: the established link offers suspend', async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/');
  await nav(page, 'Links');
  await expect(
    linkRow(page, 'union-cu.test').getByRole('cell', { name: 'established', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'suspend link with union-cu.test' })).toBeVisible();
  await chooseTab(page, 'Incoming');
  await expect(page).toHaveURL(/direction=incoming/);
  await expectAccessible(page);
  await shoot(page, 'links');
});

/** The signed-in user's selected namespace and organization, from the gateway. */
async function namespaceOf(page: Page) {
  const me = await page.evaluate(() => fetch('/api/proxy/me').then((r) => r.json()));
  return {
    org: me.data.organization.token as string,
    token: me.data.partners[0].token as string,
    domain: me.data.partners[0].domain as string,
  };
}

test('links: propose by domain, the other organization accepts; a third rejects', async ({
  page,
  browser,
}) => {
  // Three sandbox organizations (sandbox namespaces link only with sandbox namespaces).
  await signUpSandbox(page);
  const a = await namespaceOf(page);
  const bContext = await browser.newContext();
  const bPage = await bContext.newPage();
  await signUpSandbox(bPage);
  const b = await namespaceOf(bPage);
  const cContext = await browser.newContext();
  const cPage = await cContext.newPage();
  await signUpSandbox(cPage);
  const c = await namespaceOf(cPage);

  await nav(page, 'Links');
  await page.getByLabel('Counterparty domain').fill(b.domain);
  await page.getByRole('button', { name: 'Propose link' }).click();
  await expect(page.getByText(`Link proposed to ${b.domain}`)).toBeVisible();
  await page.getByLabel('Counterparty domain').fill(c.domain);
  await page.getByRole('button', { name: 'Propose link' }).click();
  await expect(page.getByText(`Link proposed to ${c.domain}`)).toBeVisible();
  await page.getByRole('tab', { name: 'Proposed by us' }).click();
  await expect(page).toHaveURL(/direction=outgoing/);
  await expect(linkRow(page, b.domain).getByRole('cell', { name: 'proposed', exact: true })).toBeVisible();
  await expect(linkRow(page, c.domain).getByRole('cell', { name: 'proposed', exact: true })).toBeVisible();
  // Only the counterparty decides: the proposer has no accept or reject, on any tab.
  await expect(linkRow(page, b.domain).getByRole('button')).toHaveCount(0);
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(linkRow(page, b.domain).getByRole('button')).toHaveCount(0);

  // B accepts from its Incoming tab.
  await nav(bPage, 'Links');
  await chooseTab(bPage, 'Incoming');
  await expect(bPage).toHaveURL(/direction=incoming/);
  const incoming = linkRow(bPage, a.domain);
  await expect(incoming.getByRole('cell', { name: 'proposed', exact: true })).toBeVisible();
  await expectAccessible(bPage);
  await shoot(bPage, 'links-incoming');
  await bPage.getByRole('button', { name: `accept link with ${a.domain}` }).click();
  await expect(bPage.getByText('Link is now established')).toBeVisible();
  await expect(incoming.getByRole('cell', { name: 'established', exact: true })).toBeVisible();

  // C rejects.
  await nav(cPage, 'Links');
  await chooseTab(cPage, 'Incoming');
  await cPage.getByRole('button', { name: `reject link with ${a.domain}` }).click();
  await expect(cPage.getByText('Link is now rejected')).toBeVisible();
  await expect(linkRow(cPage, a.domain).getByRole('cell', { name: 'rejected', exact: true })).toBeVisible();
  await expect(linkRow(cPage, a.domain).getByRole('button')).toHaveCount(0);

  // A sees both outcomes; the established link can be suspended, the rejected one has no action.
  await page.reload();
  await expect(linkRow(page, b.domain).getByRole('cell', { name: 'established', exact: true })).toBeVisible();
  await page.getByRole('button', { name: `suspend link with ${b.domain}` }).click();
  await expect(page.getByText('Link is now suspended')).toBeVisible();
  await expect(linkRow(page, b.domain).getByRole('cell', { name: 'suspended', exact: true })).toBeVisible();
  await page.getByRole('button', { name: `resume link with ${b.domain}` }).click();
  await expect(page.getByText('Link is now established')).toBeVisible();
  await expect(linkRow(page, b.domain).getByRole('cell', { name: 'established', exact: true })).toBeVisible();
  await expect(linkRow(page, c.domain).getByRole('cell', { name: 'rejected', exact: true })).toBeVisible();
  await expect(linkRow(page, c.domain).getByRole('button')).toHaveCount(0);
  await page.getByLabel('Status').selectOption('rejected');
  await expect(page).toHaveURL(/status=rejected/);
  await expect(page.getByRole('table', { name: 'Links' }).getByRole('row')).toHaveCount(2);
  await expect(linkRow(page, c.domain)).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'links-outcomes');

  // The gateway agrees, seen from B.
  const fromB = await bPage.evaluate(
    (partner) =>
      fetch('/api/proxy/link?direction=incoming', { headers: { 'x-partner-id': partner } }).then((r) =>
        r.json(),
      ),
    b.token,
  );
  expect(
    fromB.data.links.map((l: { requester_domain: string; status: string }) => [l.requester_domain, l.status]),
  ).toEqual([[a.domain, 'established']]);
  await bContext.close();
  await cContext.close();
});

test('customers: the list pages through the gateway with the page in the URL', async ({ page, request }) => {
  await signUpSandbox(page);
  const ns = await namespaceOf(page);
  // 23 customers through the API with a key: two pages of 20.
  const key = await page.evaluate(
    (partner) =>
      fetch('/api/proxy/apikey', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-partner-id': partner, 'x-csp-dashboard': '1' },
        body: JSON.stringify({
          name: 'loader',
          access: {
            customers_read: true,
            customers_write: true,
            transactions_read: false,
            transactions_write: false,
          },
        }),
      }).then((r) => r.json()),
    ns.token,
  );
  const headers = { 'x-service-api-key': key.data.secret_key, 'x-org-id': ns.org, 'x-partner-id': ns.token };
  const address = (i: number) => `c${String(i).padStart(2, '0')}@${ns.domain}`;
  for (let i = 1; i <= 23; i++) {
    const res = await request.post('/api/v1/csp/customer', {
      headers: { ...headers, 'idempotency-key': `cust-${ns.token}-${i}` },
      data: { payment_address: address(i), first_name: 'Page', last_name: `Row ${i}` },
    });
    expect(res.status()).toBe(200);
  }

  await nav(page, 'Customers');
  const table = page.getByRole('table', { name: 'Customers' });
  // Newest first: page 1 holds customers 23 down to 4.
  await expect(page.getByText('1–20 of 23 total')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(21);
  await expect(table.getByRole('cell', { name: address(23), exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: address(4), exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: address(3), exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]cursor=/);
  await expect(page.getByText('21–23 of 23 total')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);
  const cells = table.getByRole('row').locator('td:first-child');
  await expect(cells).toHaveText([address(3), address(2), address(1)]);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expectAccessible(page);
  await shoot(page, 'customers-page-2');

  // The page's cursor is in the URL: a reload stays on it, Previous goes back, and so does the
  // browser's Back (each page is a history entry).
  await page.reload();
  await expect(page.getByText('21–23 of 23 total')).toBeVisible();
  await expect(cells).toHaveText([address(3), address(2), address(1)]);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('1–20 of 23 total')).toBeVisible();
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(table.getByRole('cell', { name: address(23), exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByText('21–23 of 23 total')).toBeVisible();
  await expect(cells).toHaveText([address(3), address(2), address(1)]);
  await page.goBack();
  await expect(page.getByText('1–20 of 23 total')).toBeVisible();

  // Search: a fragment of the name ("Page Row 2…"), in the URL; the shell's search opens the
  // list by a customer's id.
  await page.getByLabel('Find a customer: id, address or name').fill('ROW 2');
  await expect(page).toHaveURL(/[?&]q=ROW\+2(&|$)/);
  await expect(cells).toHaveText([address(23), address(22), address(21), address(20), address(2)]);
  await expect(page.getByText('5 total', { exact: true })).toBeVisible();
  // The export is exactly what is listed: the same five, newest first.
  const csv = await downloadCsv(
    page,
    page.getByRole('link', { name: 'Export these customers as CSV' }),
    'customers.csv',
  );
  expect(csv[0]).toBe(
    'customer_id,payment_address,first_name,last_name,nick_name,status,created_at,updated_at',
  );
  expect(csv.slice(1).map((l) => l.split(',')[1])).toEqual([
    address(23),
    address(22),
    address(21),
    address(20),
    address(2),
  ]);
  const c7 = (
    await (await request.get(`/api/v1/csp/customer?q=${encodeURIComponent(address(7))}`, { headers })).json()
  ).data.customers[0].token as string;
  await (await openSearch(page, 'Control+K')).fill(c7);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/customers\\?q=${c7}$`));
  await expect(cells).toHaveText([address(7)]);
  await expect(page.getByLabel('Find a customer: id, address or name')).toHaveValue(c7);
});
