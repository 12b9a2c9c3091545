/**
 * Orders two strings by their letters with case set aside, then by case: "alpha" < "Beta" <
 * "beta". Not `localeCompare`, whose first call builds an ICU collator, 55–100 ms of a phone's
 * main thread on the first load (lib/domain/numbers.ts); the dashboard sorts domains, ids and
 * names, for which code-unit order with case folded is the order a reader expects.
 */
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
