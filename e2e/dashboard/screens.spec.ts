import { test } from '@playwright/test';
import { actAs } from './helpers';
import { ADMIN, checkScreens, SIGNED_OUT, useTheme } from './screen-list';

/**
 * The admin's twenty screens in three tests a theme: one test for all of them ran out of its time
 * on a host three times slower than the usual (14 s a screen beside the API suites, each with an
 * axe run and a full-page screenshot), and one test per screen cost ~40 % more CPU than one per
 * theme (54 s against 39 s for this spec: each new browser context loads and compiles the
 * dashboard's JavaScript afresh); three a theme cost what one did (44–45 s against 42–44 s).
 */
const GROUPS = 3;
const size = Math.ceil(ADMIN.length / GROUPS);
const groups = Array.from({ length: GROUPS }, (_, i) => ADMIN.slice(i * size, (i + 1) * size));

// Every screen in light and dark mode (the operator's: operator-screens.spec.ts).
for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} mode`, () => {
    useTheme(theme);

    test('signed-out screens', async ({ page }) => {
      await checkScreens(page, SIGNED_OUT, theme);
    });

    for (const screens of groups) {
      test(`an admin’s screens: ${screens.map((s) => s.name).join(', ')}`, async ({ page }) => {
        await actAs(page, 'admin');
        await checkScreens(page, screens, theme);
      });
    }
  });
}
