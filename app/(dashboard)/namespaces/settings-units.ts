/** The namespace settings form's units, shared by the form and its checks (settings-schema.ts). */
export const UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const;
export type Unit = keyof typeof UNITS;

import { formatAmount, toMinorUnits } from '@/lib/domain/money';

/**
 * The thresholds count minor units of whichever currency a payment is in (lib/schemas/namespaces.ts:
 * a positive whole number of them). People read and type them as an amount of a currency with two
 * decimals, the network's usual (USD, EUR, GBP…): 1000000 is "10,000.00" (docs/decisions.md).
 */
const THRESHOLD_CURRENCY = 'USD';

/** A typed threshold ("10,000" or "10000.50") → minor units; null when it is no amount above 0. */
export const thresholdMinor = (typed: string) => toMinorUnits(typed, THRESHOLD_CURRENCY);

/** A threshold as read and typed: 1000000 → "10,000.00". */
export const thresholdText = (minor: string) => formatAmount(minor, THRESHOLD_CURRENCY);

/** What a threshold is in a currency without decimals: "1,000,000 in a currency without decimals (JPY)". */
export const thresholdElsewhere = (minor: string) =>
  `${formatAmount(minor, 'JPY')} in a currency without decimals (JPY)`;

/** The time to live typed, in seconds; NaN when it is not a whole number. */
export const ttlSeconds = (ttl: string, unit: Unit) =>
  /^\d{1,9}$/.test(ttl.trim()) ? Number(ttl.trim()) * UNITS[unit] : NaN;
