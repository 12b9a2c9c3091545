import { describe, expect, it } from 'vitest';
import type { UseFormReturn } from 'react-hook-form';
import { ApiClientError } from './api';
import { showServerError } from './server-error';

/** A form holding `values`, recording where showServerError puts a message. */
function formOf(values: Record<string, string>) {
  const set: Array<[string, string | undefined]> = [];
  const form = {
    getValues: (name: string) => values[name],
    setError: (name: string, e: { message?: string }) => set.push([name, e.message]),
  } as unknown as UseFormReturn<Record<string, string>>;
  return { form, set };
}

const refusal = (message: string, field: string | null) =>
  new ApiClientError(400, 'error.bad_request', message, null, false, field);

describe('showServerError', () => {
  it('puts a refusal under the field it names, without the wire name its message starts with', () => {
    const { form, set } = formOf({ email: '', password: '' });
    showServerError(
      form,
      refusal(
        'admin_password: choose a less common password (this one is among the most used)',
        'admin_password',
      ),
      { admin_password: 'password' },
    );
    expect(set).toEqual([['password', 'Choose a less common password (this one is among the most used)']]);
  });

  it('keeps a message that does not start with its field, and above the form one that names none', () => {
    const { form, set } = formOf({ amount: '' });
    showServerError(form, refusal('at most 5 remain', 'amount'));
    showServerError(form, refusal('amount: at most 5 remain', null));
    showServerError(form, refusal('debtor_party.payment_address: not yours', 'debtor_party.payment_address'));
    expect(set).toEqual([
      ['amount', 'at most 5 remain'],
      ['root', 'amount: at most 5 remain'],
      // Not a field of this form: above it, as the gateway said it.
      ['root', 'debtor_party.payment_address: not yours'],
    ]);
  });
});
