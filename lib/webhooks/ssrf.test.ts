import { describe, expect, it } from 'vitest';
import { assertSafeTarget, isBlockedAddress, sendTargetError } from './ssrf';

// Every address is given as text in one of its spellings; the check decides on its bytes.
const BLOCKED: Array<[string, string]> = [
  // IPv4 special-purpose ranges, each at both ends where it matters.
  ['0.0.0.0', 'this network'],
  ['0.255.255.255', 'this network'],
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.169.254', 'cloud metadata'],
  ['169.254.0.1', 'link-local'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.170', 'NAT64 discovery'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['192.168.1.1', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  // IPv6 unspecified and loopback, in several spellings.
  ['::', 'unspecified'],
  ['0:0:0:0:0:0:0:0', 'unspecified'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['0000:0000:0000:0000:0000:0000:0000:0001', 'loopback'],
  // IPv4-mapped ::ffff:0:0/96: dotted, hex (what URL parsing produces), expanded, upper case.
  ['::ffff:127.0.0.1', 'mapped loopback, dotted'],
  ['::ffff:7f00:1', 'mapped loopback, hex'],
  ['::FFFF:7F00:0001', 'mapped loopback, upper case'],
  ['0:0:0:0:0:ffff:127.0.0.1', 'mapped loopback, expanded'],
  ['0:0:0:0:0:ffff:7f00:1', 'mapped loopback, expanded hex'],
  ['::ffff:169.254.169.254', 'mapped metadata'],
  ['::ffff:a9fe:a9fe', 'mapped metadata, hex'],
  ['::ffff:10.0.0.1', 'mapped private'],
  ['::ffff:a00:1', 'mapped private, hex'],
  ['::ffff:0.0.0.0', 'mapped this-network'],
  ['::ffff:192.168.0.1', 'mapped private'],
  ['::ffff:100.64.0.1', 'mapped carrier-grade NAT'],
  // IPv4-compatible ::/96 (deprecated).
  ['::127.0.0.1', 'compatible loopback'],
  ['::7f00:1', 'compatible loopback, hex'],
  ['::10.0.0.1', 'compatible private'],
  ['::169.254.169.254', 'compatible metadata'],
  // IPv4-translated ::ffff:0:0:0/96.
  ['::ffff:0:127.0.0.1', 'translated loopback'],
  ['::ffff:0:7f00:1', 'translated loopback, hex'],
  ['::ffff:0:a9fe:a9fe', 'translated metadata'],
  // NAT64 well-known prefix 64:ff9b::/96, and the local-use prefix 64:ff9b:1::/48 (never public).
  ['64:ff9b::7f00:1', 'NAT64 loopback'],
  ['64:ff9b::127.0.0.1', 'NAT64 loopback, dotted'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 metadata'],
  ['64:ff9b::10.0.0.1', 'NAT64 private'],
  ['64:ff9b:1::808:808', 'local-use NAT64'],
  ['64:ff9b:1:ffff::1', 'local-use NAT64'],
  // 6to4 2002::/16 with its IPv4 in bits 16-47.
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:a9fe:a9fe::', '6to4 of metadata'],
  ['2002:a00:1::1', '6to4 of private'],
  ['2002:c0a8:101::1', '6to4 of private'],
  ['2002::1', '6to4 of 0.0.0.0'],
  // IETF protocol assignments 2001::/23.
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:2::1', 'benchmarking'],
  ['2001:3::1', 'AMT'],
  ['2001:4:112::1', 'AS112-v6'],
  ['2001:10::1', 'ORCHID'],
  ['2001:20::1', 'ORCHIDv2'],
  ['2001:30::1', 'DRIP'],
  ['2001:1ff:ffff::1', 'IETF protocol assignments'],
  // Documentation.
  ['2001:db8::1', 'documentation'],
  ['2001:db8:ffff::1', 'documentation'],
  ['3fff::1', 'documentation (RFC 9637)'],
  ['3fff:fff::1', 'documentation (RFC 9637)'],
  // Outside global unicast 2000::/3.
  ['100::1', 'discard'],
  ['100::ffff:ffff:ffff:ffff', 'discard'],
  ['fc00::1', 'unique local'],
  ['fd12:3456:789a::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fec0::1', 'site-local (deprecated)'],
  ['ff02::1', 'multicast'],
  ['ff0e::1', 'multicast'],
  ['::2', 'reserved ::/8'],
  ['1::1', 'reserved ::/8'],
  ['200::1', 'reserved 200::/7'],
  ['5f00::1', 'SRv6 SIDs'],
  ['e000::1', 'reserved'],
  ['::ffff:1:0:0', 'reserved, next to the mapped range'],
  // Not an address at all.
  ['', 'empty'],
  ['localhost', 'a name'],
  ['127.1', 'short form (not an address as text)'],
  ['0x7f.0.0.1', 'hex form (not an address as text)'],
];

const ALLOWED: Array<[string, string]> = [
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['9.255.255.255', 'just below 10/8'],
  ['11.0.0.0', 'just above 10/8'],
  ['100.63.255.255', 'just below 100.64/10'],
  ['100.128.0.0', 'just above 100.64/10'],
  ['126.255.255.255', 'just below 127/8'],
  ['128.0.0.0', 'just above 127/8'],
  ['169.253.255.255', 'just below 169.254/16'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['192.0.1.1', 'between 192.0.0/24 and 192.0.2/24'],
  ['192.167.255.255', 'just below 192.168/16'],
  ['192.169.0.0', 'just above 192.168/16'],
  ['198.17.255.255', 'just below 198.18/15'],
  ['198.20.0.0', 'just above 198.18/15'],
  ['223.255.255.255', 'just below 224/4'],
  ['2606:4700::1111', 'public IPv6'],
  ['2a00:1450:4001:82a::200e', 'public IPv6'],
  ['2001:200::1', 'public, just above 2001::/23'],
  ['2001:4860:4860::8888', 'public IPv6'],
  ['2001:db7:ffff::1', 'just below 2001:db8::/32'],
  ['2001:db9::1', 'just above 2001:db8::/32'],
  ['3ffe:ffff::1', 'just below 3fff::/20'],
  ['3fff:1000::1', 'just above 3fff::/20'],
  ['::ffff:8.8.8.8', 'mapped public'],
  ['::ffff:808:808', 'mapped public, hex'],
  ['0:0:0:0:0:ffff:1.1.1.1', 'mapped public, expanded'],
  ['::8.8.8.8', 'compatible public'],
  ['::ffff:0:8.8.8.8', 'translated public'],
  ['64:ff9b::8.8.8.8', 'NAT64 public'],
  ['64:ff9b::808:808', 'NAT64 public, hex'],
  ['2002:808:808::1', '6to4 of a public address'],
];

describe('isBlockedAddress', () => {
  it.each(BLOCKED)('blocks %s (%s)', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true);
  });
  it.each(ALLOWED)('allows %s (%s)', (ip) => {
    expect(isBlockedAddress(ip)).toBe(false);
  });
});

// What WHATWG URL parsing turns a host into, and the decision on that normalised host.
const URLS: Array<[string, string, boolean]> = [
  ['https://2130706433/', '127.0.0.1', true],
  ['https://0x7f.1/', '127.0.0.1', true],
  ['https://017700000001/', '127.0.0.1', true],
  ['https://0x7f000001/', '127.0.0.1', true],
  ['https://0177.0.0.1/', '127.0.0.1', true],
  ['https://127.1/', '127.0.0.1', true],
  ['https://127.0.0.1./', '127.0.0.1', true],
  ['https://%31%32%37.0.0.1/', '127.0.0.1', true],
  ['https://0/', '0.0.0.0', true],
  ['https://0xa9fea9fe/', '169.254.169.254', true],
  ['https://[::ffff:127.0.0.1]:4443/', '[::ffff:7f00:1]', true],
  ['https://[::ffff:7f00:1]/', '[::ffff:7f00:1]', true],
  ['https://[0:0:0:0:0:ffff:127.0.0.1]/', '[::ffff:7f00:1]', true],
  ['https://[::ffff:169.254.169.254]/', '[::ffff:a9fe:a9fe]', true],
  ['https://[::ffff:10.0.0.1]/', '[::ffff:a00:1]', true],
  ['https://[::127.0.0.1]/', '[::7f00:1]', true],
  ['https://[64:ff9b::7f00:1]/', '[64:ff9b::7f00:1]', true],
  ['https://[::ffff:0:127.0.0.1]/', '[::ffff:0:7f00:1]', true],
  ['https://[2002:7f00:1::1]/', '[2002:7f00:1::1]', true],
  ['https://[::]/', '[::]', true],
  ['https://[::1]/', '[::1]', true],
  ['https://[fe80::1]/', '[fe80::1]', true],
  ['https://134744072/', '8.8.8.8', false],
  ['https://[::ffff:8.8.8.8]/', '[::ffff:808:808]', false],
  ['https://[2606:4700::1111]/', '[2606:4700::1111]', false],
];

describe('IP-literal URLs, decided on the address URL parsing normalises them to', () => {
  it.each(URLS)('%s → %s', (input, hostname, blocked) => {
    const url = new URL(input);
    expect(url.hostname).toBe(hostname);
    expect(sendTargetError(url, false)).toBe(
      blocked ? 'url is a private, loopback, link-local or reserved address' : null,
    );
    expect(sendTargetError(url, true)).toBeNull();
  });

  it.each(URLS)('%s is refused when saved if blocked', async (input, _hostname, blocked) => {
    const saving = assertSafeTarget(input, false);
    if (blocked)
      await expect(saving).rejects.toThrow('url is a private, loopback, link-local or reserved address');
    else await expect(saving).resolves.toBeUndefined();
  });

  it('refuses plain http, other schemes and credentials', async () => {
    await expect(assertSafeTarget('http://8.8.8.8/', false)).rejects.toThrow('url must use https');
    await expect(assertSafeTarget('ftp://8.8.8.8/', true)).rejects.toThrow('url must use https');
    await expect(assertSafeTarget('https://u:p@8.8.8.8/', true)).rejects.toThrow(
      'url must not carry credentials',
    );
    await expect(assertSafeTarget('not a url', false)).rejects.toThrow('url must be an absolute http(s) URL');
    await expect(assertSafeTarget('http://[::ffff:127.0.0.1]/', true)).resolves.toBeUndefined();
  });

  it('refuses a name that resolves to a loopback address', async () => {
    await expect(assertSafeTarget('https://localhost/', false)).rejects.toThrow(
      'url resolves to a private, loopback, link-local or reserved address',
    );
  });
});
