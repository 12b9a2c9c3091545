import { test } from '@playwright/test';
import { actAs } from './helpers';
import { ADMIN, checkScreens, SIGNED_OUT, useTheme } from './screen-list';

// Every screen in light and dark mode (the operator's: operator-screens.spec.ts), one test per
// screen: each has the whole test timeout to itself (an axe run and a full-page screenshot of a
// long list take tens of seconds on a loaded host), and the own-data workers share them out.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} mode`, () => {
    useTheme(theme);

    test('signed-out screens', async ({ page }) => {
      await checkScreens(page, SIGNED_OUT, theme);
    });

    for (const screen of ADMIN) {
      test(`an admin’s screen: ${screen.name}`, async ({ page }) => {
        await actAs(page, 'admin');
        await checkScreens(page, [screen], theme);
      });
    }
  });
}
