import { describe, expect, it } from 'vitest';
import { isDecodablePath, rawPathOf, requestIdFrom } from './raw-path';

describe('rawPathOf', () => {
  it('is the path as sent: still encoded, without the query', () => {
    expect(rawPathOf('http://127.0.0.1:3000/api/v1/csp/payments/a%20b?q=%zz')).toBe(
      '/api/v1/csp/payments/a%20b',
    );
    expect(rawPathOf('https://gw.example/api/v1/csp/payments/%zz')).toBe('/api/v1/csp/payments/%zz');
    expect(rawPathOf('http://h')).toBe('/');
  });
});

describe('isDecodablePath', () => {
  it('accepts paths without escapes and with valid UTF-8 escapes, an encoded slash included', () => {
    for (const p of [
      '/api/v1/csp/partner',
      '/payments/ok%20id',
      '/payments/a%2Fb',
      '/customer/%E2%98%83/resolve',
    ])
      expect(isDecodablePath(p), p).toBe(true);
  });
  it('refuses malformed escapes and bytes that are not UTF-8, in any segment', () => {
    for (const p of [
      '/payments/%zz',
      '/payments/%',
      '/payments/%ED%A0%80',
      '/payments/ok%C0%AF',
      '/%E2%98/x',
    ])
      expect(isDecodablePath(p), p).toBe(false);
  });
});

describe('requestIdFrom', () => {
  it('keeps a well-formed incoming id and replaces any other with a UUID', () => {
    expect(requestIdFrom('req-123.a_b')).toBe('req-123.a_b');
    for (const bad of [undefined, null, '', 'x'.repeat(65), 'a b', 'a/b'])
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
