import { expect, test } from '@playwright/test';
import { OPERATOR, openCutoffDialog, shoot, shootThemes, signInWhenReady } from './helpers';

/**
 * "Run cut-off now" asks first, showing what the cut-off would batch (GET /operator/settlements/
 * preview); Cancel runs nothing. The cut-off itself, confirmed, is run by settlements.spec.ts and
 * liquidity.spec.ts (which settle the network one test at a time): this spec only looks.
 */
test('a cut-off asks first, with a preview of what it would batch; Cancel runs nothing', async ({ page }) => {
  await signInWhenReady(page, OPERATOR);
  await page.goto('/operator/network');
  const dialog = await openCutoffDialog(page);
  await expect(dialog).toContainText('a completed batch cannot be undone');
  const table = dialog.getByTestId('cutoff-preview');
  const empty = dialog.getByTestId('cutoff-preview-empty');
  await expect(table.or(empty)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: /^(Settle \d+ transactions?|Run cut-off)$/ });
  await expect(confirm).toBeEnabled();
  if (await table.isVisible()) {
    await expect(table.getByRole('columnheader')).toHaveText([
      'Transactions',
      'Participants',
      'Gross',
      'Net',
    ]);
    // Amounts carry their currency as everywhere (lib/domain/money.ts), on one line.
    for (const cell of await table.locator('tbody tr td:nth-of-type(n+3)').allTextContents())
      expect(cell).toMatch(/^\u2212?[A-Z]{3} [\d,]+(\.\d+)?$/);
    // The button names the total the rows add up to.
    const counts = await table.locator('tbody tr td:nth-of-type(1)').allTextContents();
    const total = counts.reduce((s, c) => s + Number(c.replace(/,/g, '')), 0);
    await expect(confirm).toHaveText(
      `Settle ${total.toLocaleString('en')} transaction${total === 1 ? '' : 's'}`,
    );
  }
  await shootThemes(page, 'cutoff-confirm');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'cutoff-confirm-390');
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  if (await table.isVisible()) {
    // On a phone the participants' count gives way: the rest, amounts whole, fits without scrolling.
    await expect(table.getByRole('columnheader')).toHaveText(['Transactions', 'Gross', 'Net']);
    const region = dialog.getByRole('region', { name: 'What a cut-off now would batch' });
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('cutoff-outcome')).toBeEmpty();
  await expect(page.getByRole('button', { name: 'Run cut-off now' })).toBeFocused();
});
