import { expect, test, type Page, type Request } from '@playwright/test';
import { actAs } from './helpers';

/** The router's prefetches a page sends (Next.js marks them with this header), by path. */
function prefetches(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (r: Request) => {
    if (r.headers()['next-router-prefetch']) paths.push(new URL(r.url()).pathname);
  });
  return paths;
}

test('links prefetch their page when reached for, not when in view; rows not at all', async ({ page }) => {
  await actAs(page, 'admin');
  const seen = prefetches(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Payments', exact: true })).toBeVisible();
  // The sidebar's links are all in view: none is prefetched by the load.
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);

  // The pointer over a link prefetches its page; keyboard focus on another prefetches that one.
  await nav.getByRole('link', { name: 'Payments', exact: true }).hover();
  await expect.poll(() => seen).toContain('/payments');
  await nav.getByRole('link', { name: 'Settlements', exact: true }).focus();
  await expect.poll(() => seen).toContain('/settlements');
  expect(seen.filter((p) => p !== '/payments' && p !== '/settlements')).toEqual([]);

  // The prefetched page opens as any other.
  await nav.getByRole('link', { name: 'Payments', exact: true }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();

  // A row's link is not prefetched even under the pointer: a sweep down the list would fetch
  // every row it crossed.
  seen.length = 0;
  const row = page.getByRole('table').getByRole('link').first();
  await row.hover();
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);
});
