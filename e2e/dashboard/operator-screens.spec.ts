import { test } from '@playwright/test';
import { actAs } from './helpers';
import { checkScreens, OPERATOR_SCREENS, useTheme } from './screen-list';

// The operator's screens in light and dark mode, as screens.spec.ts checks the others. Apart: the
// operator's audit trail is the whole network's, which the specs beside it write to.
for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} mode`, () => {
    useTheme(theme);

    test('the operator’s screen', async ({ page }) => {
      await actAs(page, 'operator');
      await checkScreens(page, OPERATOR_SCREENS, theme);
    });
  });
}
