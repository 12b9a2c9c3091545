import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver fetched after the page instead of with it. A form's zod schema, zod
 * and the resolver are not needed to show or fill the form, only to check it when it is submitted,
 * and as our build bundles them they cost every page with a form ~17 kB gzipped — past the
 * first-load budget with a table beside them. The browser requests them at the reader's first
 * touch of the page (a focus, a press of a key or a pointer: typing into the form takes longer
 * than fetching them), not while the page loads, where evaluating zod was one more long task
 * (~100 ms on a phone) for a form no one had started; a submit before they arrive waits for them.
 * Should they fail to load, the values go to the gateway unchecked: it validates every request
 * again.
 *
 * `load` imports the form's schema module, e.g. `() => import('./invite-schema').then((m) => m.resolver)`.
 */
export function lazyResolver<TFieldValues extends FieldValues, TTransformed = TFieldValues>(
  load: () => Promise<Resolver<TFieldValues, unknown, TTransformed>>,
): Resolver<TFieldValues, unknown, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, unknown, TTransformed> | null> | undefined;
  const get = () =>
    (loading ??= load().catch(() => {
      loading = undefined; // try again on the next submit
      return null;
    }));
  if (typeof window !== 'undefined') onFirstTouch(window, () => void get());
  return async (values, context, options) => {
    const resolver = await get();
    if (resolver) return resolver(values, context, options);
    return { values: values as unknown as TTransformed, errors: {} };
  };
}

/**
 * The page's first touch, watched once for every resolver on it (three listeners per page, not per
 * form): `run` is called at the first focus, key or pointer press, or at once if that has already
 * happened (a form whose module loads later, as a dialog's, was opened by a touch). Kept per
 * window object, so a test can give each case a window of its own.
 */
const touched = new WeakMap<EventTarget, Array<() => void> | 'touched'>();

function onFirstTouch(page: EventTarget, run: () => void) {
  const state = touched.get(page);
  if (state === 'touched') return run();
  if (state) return void state.push(run);
  const waiting = [run];
  touched.set(page, waiting);
  const first = new AbortController();
  const start = () => {
    first.abort();
    touched.set(page, 'touched');
    for (const f of waiting) f();
  };
  for (const type of ['focusin', 'keydown', 'pointerdown'])
    page.addEventListener(type, start, { capture: true, passive: true, signal: first.signal });
}
