/** A link is stored once per pair of namespaces, as its ordered pair (lower id first). */
export function orderedPair(a: string, b: string): { partnerLow: string; partnerHigh: string } {
  return a < b ? { partnerLow: a, partnerHigh: b } : { partnerLow: b, partnerHigh: a };
}

export type Parties = Array<{ partnerId: string; orgId: string }>;

/** The namespaces a payment concerns with their organizations, once each (the parties of its events). */
export function partiesOfNamespaces(list: Array<{ id: string; orgId: string }>): Parties {
  const parties: Parties = [];
  for (const n of list)
    if (!parties.some((p) => p.partnerId === n.id)) parties.push({ partnerId: n.id, orgId: n.orgId });
  return parties;
}
