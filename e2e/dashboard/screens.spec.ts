import { test } from '@playwright/test';
import { actAs } from './helpers';
import { ADMIN, checkScreens, SIGNED_OUT, useTheme } from './screen-list';

// Every screen in light and dark mode (the operator's: operator-screens.spec.ts).
for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} mode`, () => {
    useTheme(theme);

    test('signed-out screens', async ({ page }) => {
      await checkScreens(page, SIGNED_OUT, theme);
    });

    test('an admin’s screens', async ({ page }) => {
      // Sixteen screens, each with an axe run and a full-page screenshot.
      test.setTimeout(240_000);
      await actAs(page, 'admin');
      await checkScreens(page, ADMIN, theme);
    });
  });
}
