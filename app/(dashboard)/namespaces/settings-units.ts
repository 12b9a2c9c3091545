/** The namespace settings form's units, shared by the form and its checks (settings-schema.ts). */
export const UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const;
export type Unit = keyof typeof UNITS;

/** A positive whole number of minor units, as the gateway takes it (lib/schemas/namespaces.ts). */
export const MINOR_UNITS = /^[1-9]\d{0,17}$/;

/** The time to live typed, in seconds; NaN when it is not a whole number. */
export const ttlSeconds = (ttl: string, unit: Unit) =>
  /^\d{1,9}$/.test(ttl.trim()) ? Number(ttl.trim()) * UNITS[unit] : NaN;
