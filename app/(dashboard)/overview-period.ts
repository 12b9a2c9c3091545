/** The overview's periods in days, and the one a `days` URL parameter names (14 by default). */
export const PERIODS = [7, 14, 30, 90];

export function periodOf(value: string | null | undefined): number {
  return PERIODS.includes(Number(value)) ? Number(value) : 14;
}
