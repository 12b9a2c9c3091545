import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, OPERATOR, expectAccessible, shoot, signInAs } from './helpers';
import { ADMIN, OPERATOR_SCREENS, SIGNED_OUT, type Screen } from './screen-list';

/**
 * Every screen in light and dark mode: no serious or critical axe violation, and a full-page
 * screenshot in e2e/screenshots/screen-<name>-<theme>.png to look at.
 */
async function visit(page: Page, screens: Screen[], theme: 'light' | 'dark') {
  for (const s of screens) {
    await test.step(`${s.name} (${theme})`, async () => {
      await s.open(page);
      await expect(s.ready(page)).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
      // Skeletons and pending rows gone: the screen as a user reads it.
      await expect(page.locator('.animate-pulse')).toHaveCount(0);
      await expectAccessible(page);
      await shoot(page, `screen-${s.name}-${theme}`);
    });
  }
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} mode`, () => {
    test.use({ colorScheme: theme });
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    });

    test('signed-out screens', async ({ page }) => {
      await visit(page, SIGNED_OUT, theme);
    });

    test('an admin’s screens', async ({ page }) => {
      // Sixteen screens, each with an axe run and a full-page screenshot.
      test.setTimeout(240_000);
      await signInAs(page, DEMO_ADMIN);
      await visit(page, ADMIN, theme);
    });

    test('the operator’s screen', async ({ page }) => {
      await signInAs(page, OPERATOR);
      await visit(page, OPERATOR_SCREENS, theme);
    });
  });
}
