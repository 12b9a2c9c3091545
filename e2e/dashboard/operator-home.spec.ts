import { expect, test } from '@playwright/test';
import { OPERATOR, shoot, shootThemes, signInWhenReady } from './helpers';

/**
 * The operator's home (the overview, `/`): what awaits a decision (each count linking to its
 * queue), health, the last cut-off and what a cut-off now would settle, and the participants near
 * their cap. It only reads: the counts are checked against the queues they link to.
 */
test('the operator home shows what awaits a decision, health and settlement, and links to the queues', async ({
  page,
}) => {
  await signInWhenReady(page, OPERATOR);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  // The operator's first screen, and in the sidebar like the organizations' overview.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }),
  ).toHaveAttribute('aria-current', 'page');

  const decisions = page.getByRole('region', { name: 'Awaiting your decision' });
  const orgs = decisions.getByRole('link', { name: /Organizations awaiting verification/ });
  const accounts = decisions.getByRole('link', { name: /Accounts awaiting verification/ });
  // The demo's sandbox organization (Fintech Starter) awaits verification.
  await expect(orgs).toContainText(/Organizations awaiting verification\s*[1-9][\d,]*\s*Review/);
  await expect(accounts).toContainText(/Accounts awaiting verification\s*\d[\d,]*\+?\s*Review/);

  const health = page.getByRole('region', { name: 'Health' });
  await expect(health.getByTestId('health-readiness')).toHaveText('ready · workers running');
  await expect(health.getByTestId('health-outbox-lag')).not.toBeEmpty();
  await expect(health.getByTestId('health-webhook-backlog')).toContainText('pending');
  // The last cut-off is told once, in the Settlement section below, not again among the health figures.
  await expect(health.getByTestId('health-last-cut-off')).toHaveCount(0);

  const settlement = page.getByRole('region', { name: 'Settlement' });
  await expect(settlement.getByTestId('last-cutoff')).toContainText(/No cut-off has completed yet|batch/);
  const next = settlement.getByTestId('next-cutoff');
  await expect(next.getByTestId('cutoff-preview').or(next.getByTestId('cutoff-preview-empty'))).toBeVisible();
  await expect(page.getByTestId('near-cap')).toBeVisible();

  // Every id is a link: the demo's endpoint disabled after days of failures (Demo Bank's) opens
  // its organization's review at its namespace, whose figures count it.
  const endpoints = health.getByRole('list', { name: 'Failing endpoints' }).getByRole('listitem');
  await expect(endpoints.first()).toBeVisible();
  for (const item of await endpoints.all())
    await expect(item.getByRole('link', { name: /^wh_/ })).toHaveAttribute(
      'href',
      /^\/operator\/organizations\/org_\w+#part_\w+$/,
    );
  await expect(page.locator('main code')).toHaveCount(0);

  await shootThemes(page, 'operator-home');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'operator-home-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Each count leads to its queue, which holds as many.
  const orgCount = Number((await orgs.locator('span').nth(1).textContent())!.replace(/,/g, ''));
  await orgs.click();
  await expect(page).toHaveURL(/\/operator\?status=sandbox$/);
  await expect(page.getByLabel('Status')).toHaveValue('sandbox');
  // As many, or more: specs running beside this one sign sandbox organizations up meanwhile.
  if (orgCount <= 20) {
    const rows = page.getByRole('table', { name: 'Organizations' }).locator('tbody tr');
    await expect(rows.nth(orgCount - 1)).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(orgCount);
  }
  await page.goto('/');
  await page.getByRole('link', { name: /Accounts awaiting verification/ }).click();
  await expect(page).toHaveURL(/\/operator\/accounts$/);
  await expect(page.getByRole('heading', { name: 'Accounts to verify', level: 1 })).toBeVisible();

  await page.goto('/');
  const demoEndpoint = page
    .getByRole('list', { name: 'Failing endpoints' })
    .getByRole('listitem')
    .filter({ hasText: 'of demo-bank.test: disabled' })
    .first();
  await demoEndpoint.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Demo Bank', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Who is behind it' })).toContainText('admin@demo-bank.test');
  // Made by the demo's seed, not a sign-up: the review says there is none to show.
  await expect(page.getByTestId('signed-up')).toContainText('Not in its audit trail');
  const ns = page.getByRole('region', { name: 'Demo Bank retail' });
  await expect(ns).toContainText(/Webhooks disabled\s*[1-9]/);
  await shootThemes(page, 'operator-review-who');
});
