import { describe, expect, it } from 'vitest';
import {
  DEPTH_MESSAGE,
  formatIssues,
  inputIssue,
  issuesError,
  LONE_SURROGATE_MESSAGE,
  MAX_JSON_DEPTH,
  MAX_JSON_MEMBERS,
  NUL_MESSAGE,
  WIDTH_MESSAGE,
} from './input-rules';
import { undecodableQueryParam } from './raw-path';
import { ConflictError, SecondFactorRequiredError, ValidationError } from '@/lib/errors';

const nested = (levels: number, leaf: unknown = 1): unknown =>
  JSON.parse('{"a":'.repeat(levels) + JSON.stringify(leaf) + '}'.repeat(levels));

describe('inputIssue', () => {
  it.each([
    ['a plain payment-like body', { a: 'x', b: [1, 'é', '𝔘'], c: { d: null, e: true } }, undefined],
    ['U+0000 in a value', { a: { b: ['ok', 'x\u0000'] } }, { path: ['a', 'b', 1], message: NUL_MESSAGE }],
    ['U+0000 in a key', { a: { 'k\u0000': 1 } }, { path: ['a', 'k\u0000'], message: NUL_MESSAGE }],
    [
      'a lone high surrogate',
      { reference: '\ud800x' },
      { path: ['reference'], message: LONE_SURROGATE_MESSAGE },
    ],
    ['a lone low surrogate', ['\udc00'], { path: [0], message: LONE_SURROGATE_MESSAGE }],
    ['a reversed pair', { a: '\udc00\ud800' }, { path: ['a'], message: LONE_SURROGATE_MESSAGE }],
    [
      'a lone surrogate in a key',
      { d: { '\ud800': 1 } },
      { path: ['d', '\ud800'], message: LONE_SURROGATE_MESSAGE },
    ],
    ['a string alone', '\ud800', { path: [], message: LONE_SURROGATE_MESSAGE }],
    [
      'the first issue in document order',
      { a: { b: '\u0000' }, c: '\ud800' },
      { path: ['a', 'b'], message: NUL_MESSAGE },
    ],
  ])('%s', (_name, value, issue) => {
    expect(inputIssue(value)).toEqual(issue);
  });

  it(`accepts ${MAX_JSON_DEPTH} levels of containers and refuses one more, at any depth`, () => {
    expect(inputIssue(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(inputIssue(nested(MAX_JSON_DEPTH, []))).toEqual({ path: [], message: DEPTH_MESSAGE });
    expect(inputIssue(nested(MAX_JSON_DEPTH + 1))).toEqual({ path: [], message: DEPTH_MESSAGE });
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000));
    expect(inputIssue(deep)).toEqual({ path: [], message: DEPTH_MESSAGE });
  });

  it(`accepts ${MAX_JSON_MEMBERS} members in an object or array and refuses one more`, () => {
    const wide = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect(inputIssue({ device: wide(MAX_JSON_MEMBERS) })).toBeUndefined();
    expect(inputIssue({ device: wide(MAX_JSON_MEMBERS + 1) })).toEqual({
      path: ['device'],
      message: WIDTH_MESSAGE,
    });
    expect(inputIssue(new Array(MAX_JSON_MEMBERS + 1).fill(0))).toEqual({ path: [], message: WIDTH_MESSAGE });
  });
});

describe('formatIssues', () => {
  it('names the field, "body" for the whole body, and shows a lone surrogate in a key as its escape', () => {
    expect(formatIssues([{ path: [], message: DEPTH_MESSAGE }], 'json')).toBe(
      `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
    expect(formatIssues([{ path: ['device', '\ud800x', 2], message: LONE_SURROGATE_MESSAGE }], 'json')).toBe(
      'device.\\ud800x.2: must not contain a lone UTF-16 surrogate',
    );
    expect(
      formatIssues([
        { path: ['a'], message: 'm' },
        { path: ['b'], message: 'n' },
      ]),
    ).toBe('a: m; b: n');
  });
});

describe("the envelope's field", () => {
  it('is the one field all the issues concern, none for the body as a whole or for several', () => {
    expect(issuesError([{ path: ['amount'], message: 'm' }], 'json').field).toBe('amount');
    expect(
      issuesError(
        [
          { path: ['debtor', 'name'], message: 'm' },
          { path: ['debtor', 'name'], message: 'n' },
        ],
        'json',
      ).field,
    ).toBe('debtor.name');
    expect(issuesError([{ path: [], message: DEPTH_MESSAGE }], 'json').field).toBeUndefined();
    expect(
      issuesError([
        { path: ['a'], message: 'm' },
        { path: ['b'], message: 'n' },
      ]).field,
    ).toBeUndefined();
  });

  it('is given or refused explicitly, and named on any refusal with at(); never read from the message', () => {
    expect(new ValidationError('path: not UTF-8', null).field).toBeUndefined();
    expect(new ValidationError('amount: must be a positive integer', null).field).toBeUndefined();
    expect(new ValidationError('Too short', 'name').field).toBe('name');
    expect(new ConflictError('That domain is taken').at('domain').field).toBe('domain');
    expect(new ConflictError('That domain is taken').field).toBeUndefined();
    // A code tied to one field names it by itself (lib/errors/registry.ts).
    expect(new SecondFactorRequiredError().field).toBe('otp_code');
  });
});

describe('undecodableQueryParam', () => {
  it.each([
    ['http://h/p', undefined],
    ['http://h/p?q=jane&limit=5', undefined],
    ['http://h/p?q=%25ED%20x+y&a', undefined],
    ['http://h/p?q=%ED%A0%80', 'q'],
    ['http://h/p?limit=1&q=a%zz', 'q'],
    ['http://h/p?q=%', 'q'],
    ['http://h/p?na%20me=%C0%AF', 'na me'],
    ['http://h/p?%ED%A0%80=1', '%ED%A0%80'],
    ['http://h/p?q=ok#%zz', undefined],
  ])('%s → %s', (url, name) => {
    expect(undecodableQueryParam(url)).toBe(name);
  });
});
