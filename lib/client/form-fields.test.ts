import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { atMost, plain, text } from './form-fields';

// The dashboard's forms refuse what the gateway refuses in a name, under the field, before sending.

describe('plain form fields', () => {
  const form = z.object({ name: plain(text('Enter a name', 120)), reference: plain(atMost(140)) });

  it('refuses control, bidirectional-override and invisible characters, naming the one found', () => {
    const res = form.safeParse({ name: 'Acme\u202Eyrtsudni', reference: 'ok' });
    expect(res.success).toBe(false);
    expect(res.error!.issues).toEqual([
      expect.objectContaining({
        path: ['name'],
        message:
          'Remove the hidden character U+202E: no control, bidirectional-override or invisible characters',
      }),
    ]);
    expect(form.safeParse({ name: 'Acme', reference: 'a\u200Bb' }).error!.issues[0]!.path).toEqual([
      'reference',
    ]);
  });

  it('takes names in any script, and an empty optional field', () => {
    for (const name of ['José Álvarez', '中文名字', 'محمد عبد الله'])
      expect(form.safeParse({ name, reference: '' }).success).toBe(true);
  });
});
