import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { expect, it } from 'vitest';
import * as z from 'zod/mini';
import { email, text } from './form-fields';
import { lazyResolver } from './lazy-resolver';

const schema = z.object({ name: text('Enter a name', 5), email: email('Enter an email address') });
type Values = z.infer<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

it('checks with the schema once loaded: a message per field, trimmed values; loads it once', async () => {
  let loads = 0;
  const resolver = lazyResolver(async () => {
    loads++;
    return zodResolver(schema);
  });
  const bad = await resolver({ name: '   ', email: 'ada@' }, undefined, options);
  expect(bad.values).toEqual({});
  expect(bad.errors).toMatchObject({
    name: { message: 'Enter a name', type: 'too_small' },
    email: { message: 'Enter an email address', type: 'invalid_format' },
  });
  const long = await resolver({ name: 'Adaline', email: 'ada@bank.test' }, undefined, options);
  expect(long.errors).toMatchObject({ name: { message: 'At most 5 characters' } });
  expect(await resolver({ name: ' Ada ', email: ' ada@bank.test ' }, undefined, options)).toEqual({
    values: { name: 'Ada', email: 'ada@bank.test' },
    errors: {},
  });
  expect(loads).toBe(1);
});

it('lets the values through when the schema cannot load, and tries again on the next submit', async () => {
  let loads = 0;
  const resolver = lazyResolver(async () => {
    loads++;
    if (loads === 1) throw new Error('chunk failed to load');
    return zodResolver(schema);
  });
  const values = { name: '', email: 'nope' };
  expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
  const second = await resolver(values, undefined, options);
  expect(Object.keys(second.errors)).toEqual(['name', 'email']);
  expect(loads).toBe(2);
});

it('in a browser, requests the schema at the first focus, key or pointer press, not while the page loads', async () => {
  const page = new EventTarget();
  (globalThis as { window?: EventTarget }).window = page;
  try {
    let loads = 0;
    const resolver = lazyResolver(async () => {
      loads++;
      return zodResolver(schema);
    });
    await Promise.resolve();
    expect(loads).toBe(0);
    page.dispatchEvent(new Event('focusin'));
    expect(loads).toBe(1);
    // Later touches start nothing more; the submit uses what the first one fetched.
    page.dispatchEvent(new Event('keydown'));
    page.dispatchEvent(new Event('pointerdown'));
    expect(Object.keys((await resolver({ name: '', email: 'x' }, undefined, options)).errors)).toEqual([
      'name',
      'email',
    ]);
    expect(loads).toBe(1);
  } finally {
    delete (globalThis as { window?: EventTarget }).window;
  }
});

it('in a browser, a submit before any touch fetches the schema itself', async () => {
  (globalThis as { window?: EventTarget }).window = new EventTarget();
  try {
    let loads = 0;
    const resolver = lazyResolver(async () => {
      loads++;
      return zodResolver(schema);
    });
    expect(loads).toBe(0);
    const checked = await resolver({ name: 'Ada', email: 'ada@bank.test' }, undefined, options);
    expect(checked).toEqual({ values: { name: 'Ada', email: 'ada@bank.test' }, errors: {} });
    expect(loads).toBe(1);
  } finally {
    delete (globalThis as { window?: EventTarget }).window;
  }
});

it('in a browser, watches the first touch once for every form of the page; a form made after it fetches at once', async () => {
  const page = new EventTarget();
  const added: string[] = [];
  const add = page.addEventListener.bind(page);
  page.addEventListener = (type, listener, opts) => {
    added.push(type);
    add(type, listener, opts);
  };
  (globalThis as { window?: EventTarget }).window = page;
  try {
    let loads = 0;
    const load = async () => {
      loads++;
      return zodResolver(schema);
    };
    lazyResolver(load);
    lazyResolver(load);
    expect(added).toEqual(['focusin', 'keydown', 'pointerdown']);
    page.dispatchEvent(new Event('pointerdown'));
    expect(loads).toBe(2);
    // A dialog's form, its module loaded by the click that opened it.
    lazyResolver(load);
    expect(loads).toBe(3);
    expect(added).toHaveLength(3);
  } finally {
    delete (globalThis as { window?: EventTarget }).window;
  }
});
