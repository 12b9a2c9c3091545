import { describe, expect, it } from 'vitest';
import { checkSameOrigin, dashboardOrigins, isJsonContentType } from './same-origin';

const OWN = 'http://127.0.0.1:3000';
const OWNS = [OWN];
const headers = (h: Record<string, string>) => new Headers(h);
const refused = (reason: string) => ({ ok: false, reason: `Cross-origin request refused: ${reason}` });
const OK = { ok: true };
const MARK = { 'x-csp-dashboard': '1' };

describe('checkSameOrigin', () => {
  it.each([
    ['the dashboard’s own fetch', { 'sec-fetch-site': 'same-origin', origin: OWN, ...MARK }, OK],
    ['its own fetch from a browser without Fetch Metadata', { origin: OWN, ...MARK }, OK],
    [
      'its own fetch without Origin (a browser that leaves it out)',
      { 'sec-fetch-site': 'same-origin', ...MARK },
      OK,
    ],
    ['a client that is no browser, with the header (curl, a script)', MARK, OK],
    [
      'the same host on its default port',
      { origin: 'http://127.0.0.1:80', ...MARK },
      refused(`Origin http://127.0.0.1:80 is not this dashboard's (${OWN})`),
    ],
    [
      'a page on another port of the same host (same-site)',
      { 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:4000', ...MARK },
      refused('Sec-Fetch-Site is same-site, not same-origin'),
    ],
    [
      'another site',
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      refused('Sec-Fetch-Site is cross-site, not same-origin'),
    ],
    [
      'no page at all (typed into the address bar)',
      { 'sec-fetch-site': 'none', ...MARK },
      refused('Sec-Fetch-Site is none, not same-origin'),
    ],
    [
      'another port, from a browser without Fetch Metadata',
      { origin: 'http://127.0.0.1:4000', ...MARK },
      refused(`Origin http://127.0.0.1:4000 is not this dashboard's (${OWN})`),
    ],
    [
      'the same host over https (another origin)',
      { origin: 'https://127.0.0.1:3000', ...MARK },
      refused(`Origin https://127.0.0.1:3000 is not this dashboard's (${OWN})`),
    ],
    [
      'an opaque origin (a sandboxed frame, a data: page)',
      { origin: 'null', ...MARK },
      refused(`Origin null is not this dashboard's (${OWN})`),
    ],
    [
      'same-origin by its headers, without the header (a form, a beacon)',
      { 'sec-fetch-site': 'same-origin', origin: OWN },
      refused("the dashboard's requests carry x-csp-dashboard: 1"),
    ],
    [
      'no headers at all, without the header',
      {},
      refused("the dashboard's requests carry x-csp-dashboard: 1"),
    ],
    [
      'the header with another value',
      { 'x-csp-dashboard': 'yes' },
      refused("the dashboard's requests carry x-csp-dashboard: 1"),
    ],
  ])('a POST: %s', (_, h, verdict) => {
    expect(checkSameOrigin('POST', headers(h), OWNS)).toEqual(verdict);
  });

  it('applies to every change: PUT, PATCH and DELETE like POST', () => {
    const sibling = headers({ 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:4000' });
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect(checkSameOrigin(method, sibling, OWNS).ok).toBe(false);
  });

  it('lets reads through whatever sent them: an export link is a plain navigation', () => {
    const sibling = headers({ 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:4000' });
    expect(checkSameOrigin('GET', sibling, OWNS)).toEqual(OK);
    expect(checkSameOrigin('HEAD', headers({}), OWNS)).toEqual(OK);
    expect(checkSameOrigin('GET', headers({ 'sec-fetch-site': 'none' }), OWNS)).toEqual(OK);
  });

  it("takes next-auth's CSRF token in place of the header, and still refuses another origin", () => {
    const own = headers({ 'sec-fetch-site': 'same-origin', origin: OWN });
    expect(checkSameOrigin('POST', own, OWNS, 'next-auth')).toEqual(OK);
    expect(checkSameOrigin('POST', headers({}), OWNS, 'next-auth')).toEqual(OK);
    expect(
      checkSameOrigin(
        'POST',
        headers({ 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:4000' }),
        OWNS,
        'next-auth',
      ),
    ).toEqual(refused('Sec-Fetch-Site is same-site, not same-origin'));
    expect(checkSameOrigin('POST', headers({ origin: 'http://127.0.0.1:4000' }), OWNS, 'next-auth')).toEqual(
      refused(`Origin http://127.0.0.1:4000 is not this dashboard's (${OWN})`),
    );
  });

  it('accepts any of the dashboard’s origins (its published name and the one it was opened by)', () => {
    const both = ['http://127.0.0.1:3000', 'http://localhost:3000'];
    const from = (origin: string) => headers({ 'sec-fetch-site': 'same-origin', origin, ...MARK });
    expect(checkSameOrigin('POST', from('http://localhost:3000'), both)).toEqual(OK);
    expect(checkSameOrigin('POST', from('http://127.0.0.1:3000'), both)).toEqual(OK);
    expect(checkSameOrigin('POST', headers({ origin: 'http://localhost:4000', ...MARK }), both)).toEqual(
      refused(
        "Origin http://localhost:4000 is not this dashboard's (http://127.0.0.1:3000 or http://localhost:3000)",
      ),
    );
  });

  it('refuses any Origin when the dashboard’s own cannot be told', () => {
    expect(checkSameOrigin('POST', headers({ origin: OWN, ...MARK }), [])).toEqual(
      refused(`Origin ${OWN} is not this dashboard's`),
    );
    expect(checkSameOrigin('POST', headers(MARK), [])).toEqual(OK);
  });
});

describe('dashboardOrigins', () => {
  const of = (h: Record<string, string>, opts: { nextAuthUrl?: string; behindProxy?: boolean } = {}) =>
    dashboardOrigins({ behindProxy: false, ...opts, headers: headers(h) });

  it('is the Host the request was sent to, over http, without NEXTAUTH_URL', () => {
    expect(of({ host: '127.0.0.1:3000' })).toEqual(['http://127.0.0.1:3000']);
    expect(of({ host: 'LocalHost:3000' })).toEqual(['http://localhost:3000']);
    expect(of({ host: 'dash.example.com:80' })).toEqual(['http://dash.example.com']);
    expect(of({})).toEqual([]);
  });

  it('is NEXTAUTH_URL’s origin too, and the Host takes its scheme', () => {
    // Behind a TLS-terminating proxy that keeps the Host: the browser's https Origin is its own…
    expect(of({ host: 'dash.example.com' }, { nextAuthUrl: 'https://dash.example.com/' })).toEqual([
      'https://dash.example.com',
    ]);
    // …and a proxy that rewrites it leaves the published one.
    expect(of({ host: 'internal:3000' }, { nextAuthUrl: 'https://Dash.Example.com:443/base' })).toEqual([
      'https://dash.example.com',
      'https://internal:3000',
    ]);
    // The browser suite: published as 127.0.0.1, opened at localhost for WebAuthn.
    expect(of({ host: 'localhost:3210' }, { nextAuthUrl: 'http://127.0.0.1:3210' })).toEqual([
      'http://127.0.0.1:3210',
      'http://localhost:3210',
    ]);
  });

  it('believes forwarded headers only behind a proxy declared in TRUST_PROXY', () => {
    const forwarded = {
      host: '10.0.0.5:3000',
      'x-forwarded-host': 'dash.example.com',
      'x-forwarded-proto': 'https',
    };
    expect(of(forwarded)).toEqual(['http://10.0.0.5:3000']);
    expect(of(forwarded, { behindProxy: true })).toEqual(['https://dash.example.com']);
    // A TLS-terminating proxy that keeps the Host and says only the scheme.
    expect(of({ host: 'dash.example.com', 'x-forwarded-proto': 'https' }, { behindProxy: true })).toEqual([
      'https://dash.example.com',
    ]);
    // Chains of proxies: the first entry is what the client asked for.
    expect(
      of(
        {
          host: 'x',
          'x-forwarded-host': 'dash.example.com, lb.internal',
          'x-forwarded-proto': 'https, http',
        },
        { behindProxy: true },
      ),
    ).toEqual(['https://dash.example.com']);
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['Application/JSON', true],
    ['application/merge-patch+json', true],
    ['text/plain', false],
    ['text/plain; charset=utf-8', false],
    ['application/x-www-form-urlencoded', false],
    ['multipart/form-data; boundary=x', false],
    ['application/jsonx', false],
  ])('%s: %s', (type, json) => {
    expect(isJsonContentType(type)).toBe(json);
  });

  it('is false without a type', () => {
    expect(isJsonContentType(null)).toBe(false);
  });
});
