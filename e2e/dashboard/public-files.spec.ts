import { expect, test } from '@playwright/test';

// public/: what the dashboard serves without a session — kept out of indexes, installable, with an icon.
test('robots.txt, the web manifest and the icon are served without a session and referenced by every page', async ({
  page,
  request,
}) => {
  const robots = await request.get('/robots.txt', { maxRedirects: 0 });
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toMatch(/^User-agent: \*\nDisallow: \/$/m);

  const manifest = await request.get('/manifest.webmanifest', { maxRedirects: 0 });
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as { name: string; start_url: string; icons: Array<{ src: string }> };
  expect(body.name).toBe('Payment Network Dashboard');
  expect(body.start_url).toBe('/');
  expect(body.icons.map((i) => i.src)).toEqual(['/icon.svg']);

  const icon = await request.get('/icon.svg', { maxRedirects: 0 });
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');

  await page.goto('/signin');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /^\/icon\.svg/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
});
