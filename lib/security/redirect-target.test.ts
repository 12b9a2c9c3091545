import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './redirect-target';

const OWN = 'http://127.0.0.1:3000';

describe('sameOriginPath', () => {
  it.each([
    ['a path', '/payments', '/payments'],
    ['a path with its query and fragment', '/payments?status=1&q=a#top', '/payments?status=1&q=a#top'],
    ['the overview', '/', '/'],
    ['an absolute URL of the same origin', `${OWN}/settlements/bat_1`, '/settlements/bat_1'],
    ['a relative path, read against the root', 'payments', '/payments'],
    ['a dot segment that stays home', '/a/../payments', '/payments'],
    ['an escape that is no slash', '/customers/jane%20doe', '/customers/jane%20doe'],
  ])('keeps %s', (_, target, path) => {
    expect(sameOriginPath(target, OWN)).toBe(path);
  });

  it.each([
    ['nothing', null],
    ['an empty string', ''],
    ['another origin', 'https://evil.example/x'],
    ['another origin over http', 'http://evil.example'],
    ['the same host on another port', 'http://127.0.0.1:4000/payments'],
    ['the same host over https', 'https://127.0.0.1:3000/payments'],
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/x?y=1'],
    ['three slashes', '///evil.example'],
    ['a slash and a backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash and a slash', '\\/evil.example'],
    ['an escaped backslash', '/%5Cevil.example'],
    ['an escaped backslash, lower case', '/%5cevil.example'],
    ['an escaped slash', '/%2Fevil.example'],
    ['two escaped slashes', '%2F%2Fevil.example'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a newline inside the slashes', '/\n/evil.example'],
    ['a carriage return before the host', '/\r\n/evil.example'],
    ['leading spaces and slashes', '  //evil.example'],
    ['user info posing as our host', `http://127.0.0.1:3000@evil.example/`],
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a javascript: URL in capitals, with a tab', 'JAVA\tSCRIPT:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a vbscript: URL', 'vbscript:msgbox(1)'],
    ['a file: URL', 'file:///etc/passwd'],
    ['a URL that does not parse', 'http://[::1'],
    ['an escape that does not decode', '/%E0%A4%A'],
    ['an escaped control character', '/%0d%0aSet-Cookie:x=1'],
    ['an escaped NUL', '/%00'],
  ])('refuses %s', (_, target) => {
    expect(sameOriginPath(target, OWN)).toBe('/');
  });

  it('compares with the origin alone, wherever its base URL points', () => {
    expect(sameOriginPath('/payments', `${OWN}/`)).toBe('/payments');
    expect(sameOriginPath(`${OWN}/payments`, `${OWN}/api/auth`)).toBe('/payments');
    expect(sameOriginPath('https://evil.example', `${OWN}/api/auth`)).toBe('/');
  });
});
