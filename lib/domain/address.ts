/** A payment address `local@domain`; the domain routes it to its namespace (DESIGN §4). */
const ADDRESS_RE = /^[a-z0-9][a-z0-9._+-]{0,63}@[a-z0-9.-]{3,253}$/;

/**
 * The rule as a JSON Schema pattern, for the document: any case, spaces around it allowed (the
 * address is trimmed and lowercased before ADDRESS_RE reads it).
 */
export const ADDRESS_PATTERN = '^\\s*[A-Za-z0-9][A-Za-z0-9._+-]{0,63}@[A-Za-z0-9.-]{3,253}\\s*$';

/** The address's local part and domain, lowercased; null when it is not an address. */
export function parseAddress(address: string): { local: string; domain: string } | null {
  const a = address.trim().toLowerCase();
  if (!ADDRESS_RE.test(a)) return null;
  const at = a.lastIndexOf('@');
  return { local: a.slice(0, at), domain: a.slice(at + 1) };
}
