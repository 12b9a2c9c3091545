'use client';

/**
 * What a page read on the server for its first paint, and the namespace it was read in. A screen's
 * query takes it as `initialData` through `initialFrom` only while that namespace is still the
 * selected one: after a switch the query starts empty and reads its own, so no frame shows one
 * namespace's data under another (docs/architecture.md, "Server reads").
 */
export interface ServerRead<T> {
  partnerId: string | null;
  data: T;
}

/**
 * The server's read for the query's `initialData`, when it is of the selected namespace `ns` (the
 * one in the query's key, from `useNamespace()`) and `fits`.
 */
export function initialFrom<T>(
  ns: string | null,
  read: ServerRead<T> | null | undefined,
  fits = true,
): T | undefined {
  return read && fits && read.partnerId === ns ? read.data : undefined;
}
