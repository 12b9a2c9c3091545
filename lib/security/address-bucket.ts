import ipaddr from 'ipaddr.js';

/**
 * The key an address is counted under: an IPv4 address (IPv4-mapped IPv6 included) as itself, an
 * IPv6 address by its /64, which one subscriber holds whole and can walk through freely.
 */
export function addressBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address.slice(0, 64) || 'unknown';
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
