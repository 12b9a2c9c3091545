import { expect, test } from '@playwright/test';
import { shootThemes, signInAs, SUPPORT, unionPaysDemoBank, uniq } from './helpers';

test('support adds a note to a task without deciding it: kept in its notes, its history and the payment timeline', async ({
  page,
  request,
}) => {
  // Union pays Demo Bank: the payment waits in Demo Bank's queue.
  const paymentId = `note-${uniq()}`;
  await unionPaysDemoBank(request, {
    paymentId,
    total: '1234',
    payee: 'jane@demo-bank.test',
    reference: 'Note test',
    name: { first_name: 'Test', last_name: 'Party' },
  });

  await signInAs(page, SUPPORT);
  await page.goto('/tasks');
  const list = page.getByRole('list', { name: 'Tasks' });
  await list.getByRole('button').filter({ hasText: paymentId }).click();
  const panel = page.getByRole('complementary', { name: 'Work the task' });
  await expect(panel).toContainText(paymentId);
  const notes = panel.getByRole('region', { name: /^Notes/ });
  await expect(notes.getByText('No notes yet.')).toBeVisible();

  // An empty note is refused in place; Escape closes the form.
  await notes.getByRole('button', { name: 'Add note' }).click();
  await notes.getByRole('button', { name: 'Save note' }).click();
  await expect(notes.getByRole('alert')).toHaveText('Write the note first');
  await page.keyboard.press('Escape');
  await expect(notes.getByRole('button', { name: 'Save note' })).toBeHidden();

  // Typing in the note moves nothing in the queue (its single-key shortcuts are off in fields).
  await notes.getByRole('button', { name: 'Add note' }).click();
  const field = notes.getByLabel('Note (the task stays pending)');
  await expect(field).toBeFocused();
  await field.fill('Called the customer: documents by Friday');
  await shootThemes(page, 'task-note-form');
  await notes.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText(`Note added to the task for ${paymentId}`)).toBeVisible();
  const kept = notes.getByRole('listitem').filter({ hasText: 'Called the customer: documents by Friday' });
  await expect(kept).toContainText(SUPPORT.email);
  await expect(notes.getByRole('heading')).toHaveText('Notes (1)');
  // Still pending: still in the pending tab, and still to be decided.
  await expect(list.getByRole('button').filter({ hasText: paymentId })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Hold…' })).toBeEnabled();
  await shootThemes(page, 'task-note-kept');

  // Kept: after a reload, and in the payment's timeline as a note.
  await page.reload();
  await list.getByRole('button').filter({ hasText: paymentId }).click();
  await expect(
    panel.getByRole('region', { name: /^Notes/ }).getByText('Called the customer: documents by Friday'),
  ).toBeVisible();
  await page.goto(`/payments/${paymentId}`);
  await expect(
    page.getByText(
      `beneficiary admission: note “Called the customer: documents by Friday” by ${SUPPORT.email}`,
    ),
  ).toBeVisible();
});
