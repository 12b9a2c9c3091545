import { describe, expect, it } from 'vitest';
import { originAllowed } from './passkeys';

describe('originAllowed (a passkey ceremony must come from the dashboard)', () => {
  it('takes https on the relying party domain and its subdomains, not a look-alike', () => {
    const ok = (origin: string) => originAllowed(origin, 'pay.example.com', []);
    expect(ok('https://pay.example.com')).toBe(true);
    expect(ok('https://eu.pay.example.com')).toBe(true);
    expect(ok('https://pay.example.com:8443')).toBe(true);
    expect(ok('http://pay.example.com')).toBe(false);
    expect(ok('https://evilpay.example.com')).toBe(false);
    expect(ok('https://pay.example.com.evil.test')).toBe(false);
    expect(ok('https://example.com')).toBe(false);
    // Not an origin: a path, a trailing slash, garbage.
    expect(ok('https://pay.example.com/')).toBe(false);
    expect(ok('https://pay.example.com/signin')).toBe(false);
    expect(ok('pay.example.com')).toBe(false);
  });

  it('takes http only on localhost, any port', () => {
    expect(originAllowed('http://localhost:3000', 'localhost', [])).toBe(true);
    expect(originAllowed('http://localhost', 'localhost', [])).toBe(true);
    expect(originAllowed('http://127.0.0.1:3000', 'localhost', [])).toBe(false);
  });

  it('takes exactly the configured origins when PASSKEY_ORIGINS is set', () => {
    const allowed = ['https://dash.bank.test'];
    expect(originAllowed('https://dash.bank.test', 'bank.test', allowed)).toBe(true);
    expect(originAllowed('https://other.bank.test', 'bank.test', allowed)).toBe(false);
  });
});
