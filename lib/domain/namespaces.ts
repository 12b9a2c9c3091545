/**
 * A namespace's domain (DESIGN §4): a lowercase DNS name, unique on the network, that routes
 * payment addresses (`local@domain`) to the namespace.
 */
const DOMAIN_RE =
  /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export const NAMESPACE_DOMAIN_RULE = 'must be a DNS name such as bank.example';

export const isNamespaceDomain = (domain: string): boolean => DOMAIN_RE.test(domain);
