import { describe, expect, it } from 'vitest';
import { cpuTable, parseStat, programOf } from './cpu-programs';

describe('programOf', () => {
  it('names the programs of a test run from their names and command lines', () => {
    expect(programOf('postgres', ['postgres: 15/main: postgres test_1 127.0.0.1(5432) idle'])).toBe(
      'PostgreSQL',
    );
    expect(programOf('chromium', ['/usr/lib/chromium/chromium', '--type=renderer'])).toBe('Chromium');
    expect(programOf('ThreadPoolForeg', ['/usr/lib/chromium/chromium', '--type=gpu-process'])).toBe(
      'Chromium',
    );
    expect(programOf('next-server (v1', ['next-server (v16.4.6)'])).toBe('Next.js servers');
    expect(programOf('node', ['node', '/w/node_modules/.bin/next', 'build'])).toBe('Next.js build');
    expect(
      programOf('node', [
        '/usr/bin/node',
        '--conditions=react-server',
        '--import',
        'tsx',
        'scripts/gateway.ts',
      ]),
    ).toBe('standalone gateways');
    expect(
      programOf('node', [
        '/usr/bin/node',
        '--conditions=react-server',
        '/w/node_modules/.cache/csp-gateway-bundle-4242/gateway.mjs',
      ]),
    ).toBe('standalone gateways');
    expect(programOf('node', ['node', '/w/node_modules/vitest/dist/workers/forks.js'])).toBe('vitest');
    expect(programOf('node', ['node', '/w/node_modules/.bin/playwright', 'test'])).toBe('Playwright');
    expect(programOf('node', ['node', '/w/node_modules/.bin/eslint', '.'])).toBe('ESLint');
    expect(programOf('node', ['node', '/w/node_modules/typescript/bin/tsc', '--noEmit'])).toBe('tsc');
    expect(programOf('bash', ['bash', 'scripts/test.sh'])).toBe('shell and tools');
    expect(programOf('next-build (v16', ['next-build (v16.4.6)'])).toBe('Next.js build');
    expect(programOf('kworker/1:1H-kblockd', [])).toBe('kernel threads');
    expect(programOf('redis-server', ['redis-server *:6379'])).toBe('redis-server');
  });
});

describe('parseStat', () => {
  it('reads the name, parent, user + system ticks and start time, a name with spaces and parentheses included', () => {
    const fields = (comm: string) =>
      `4242 (${comm}) S 1 4242 4242 0 -1 4194560 9 0 0 0 1234 56 7 8 20 0 12 0 998877 1 2`;
    expect(parseStat(fields('node'))).toEqual({ comm: 'node', ppid: 1, ticks: 1290, start: 998877 });
    expect(parseStat(fields('next-server (v1'))).toEqual({
      comm: 'next-server (v1',
      ppid: 1,
      ticks: 1290,
      start: 998877,
    });
    expect(parseStat(fields('a) b'))).toEqual({ comm: 'a) b', ppid: 1, ticks: 1290, start: 998877 });
  });

  it('answers null for what is not a stat line', () => {
    expect(parseStat('')).toBeNull();
    expect(parseStat('4242 (node) S 1')).toBeNull();
  });
});

describe('cpuTable', () => {
  it('lists the programs largest first with their share, those under 1 % in one row, then what was not seen and the whole', () => {
    const table = cpuTable(
      new Map([
        ['vitest', 100],
        ['PostgreSQL', 300],
        ['redis-server', 2],
        ['sleep', 0.2],
      ]),
      500,
    );
    expect(table.split('\n')).toEqual([
      "program                         CPU s  share of the cores' busy time",
      'PostgreSQL                        300   60 %',
      'vitest                            100   20 %',
      '2 others, each under 1 %            2    0 %',
      'not seen (short-lived, kernel)     98   20 %',
      'all (the cores busy)              500  100 %',
    ]);
  });
});
