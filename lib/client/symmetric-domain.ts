/**
 * The value axis: symmetric around zero, so the zero line is always in the middle and one bar,
 * or bars of one sign, still get distinct ticks (-2K, -1K, 0, 1K, 2K rather than five "-2.7K").
 * The bound is rounded up to 1, 2, 2.5 or 5 times a power of ten, so the quarter ticks are round.
 */
export function symmetricDomain(data: Array<{ net: number }>): [number, number] {
  const max = Math.max(0, ...data.map((d) => Math.abs(d.net)));
  if (max === 0) return [-1, 1];
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= max)! * power;
  return [-step, step];
}
