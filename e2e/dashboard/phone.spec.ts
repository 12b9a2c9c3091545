import { expect, test, type Page } from '@playwright/test';
import { actAs, shoot } from './helpers';
import { ADMIN, OPERATOR_SCREENS, openSettled, SIGNED_OUT, type Screen } from './screen-list';

/**
 * Every screen on a phone (390×844): the page never scrolls sideways (a wide table scrolls inside
 * its own frame), and the sidebar is a menu behind a button. Screenshots: phone-<name>.png.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function visit(page: Page, screens: Screen[]) {
  for (const s of screens) {
    await test.step(s.name, async () => {
      await openSettled(page, s);
      await shoot(page, `phone-${s.name}`);
      expect(await sidewaysOverflow(page), `${s.name} scrolls sideways`).toBe(0);
    });
  }
}

test('signed-out screens fit a phone', async ({ page }) => {
  await visit(page, SIGNED_OUT);
});

test('an admin’s screens fit a phone', async ({ page }) => {
  await actAs(page, 'admin');
  await visit(page, ADMIN);
});

test('the operator’s screens fit a phone', async ({ page }) => {
  await actAs(page, 'operator');
  await visit(page, OPERATOR_SCREENS);
});

test('on a phone the sidebar is a menu: the button opens it, a link or Esc closes it', async ({ page }) => {
  await actAs(page, 'admin');
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).toBeHidden();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar).toBeVisible();
  await shoot(page, 'phone-menu-open');
  await sidebar.getByRole('link', { name: 'Payments' }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
  await expect(sidebar).toBeHidden();

  await menu.click();
  await expect(sidebar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(menu).toBeFocused();
});

test('at desktop width the sidebar stays and there is no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await actAs(page, 'admin');
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
});
