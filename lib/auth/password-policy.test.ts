import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy } from './password-policy';

const refusal = (password: string, person = {}) =>
  checkPasswordPolicy('password', password, person).then(
    () => null,
    (e: Error) => e.message,
  );

describe('password policy', () => {
  it('accepts a long phrase of unrelated words', async () => {
    expect(await refusal('correct-horse-battery')).toBeNull();
    expect(await refusal('violet tractor umbrella 42')).toBeNull();
  });

  it('refuses short, common and guessable passwords, saying why', async () => {
    expect(await refusal('short-one')).toBe('password: use at least 12 characters');
    expect(await refusal('x'.repeat(201))).toBe('password: use at most 200 characters');
    expect(await refusal('PASSWORD1234')).toBe(
      'password: choose a less common password (this one is among the most used)',
    );
    expect(await refusal('qwertyuiop123')).toMatch(
      /^password: choose a (less common password|password harder to guess)/,
    );
    expect(await refusal('aaaaaaaaaaaaaaaa')).toMatch(
      /^password: choose a password harder to guess.*, such as a longer phrase/,
    );
  });

  it("counts the person's own e-mail and name as known words", async () => {
    expect(await refusal('maria.gonzalez1', {})).toBeNull();
    expect(await refusal('maria.gonzalez1', { email: 'maria.gonzalez@bank.test' })).toMatch(
      /harder to guess \(it contains your name or e-mail address\)/,
    );
  });
});
