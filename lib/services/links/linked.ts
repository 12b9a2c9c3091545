import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { schema, type DbOrTx } from '@/lib/db';
import { orderedPair } from '@/lib/domain/links';

const { links } = schema;

/**
 * The one rule of "are these namespaces linked", for every query that needs it (payment creation,
 * submission, customer resolution, link proposals). A link is stored once per pair, as its ordered
 * pair (lib/domain/links.ts); these conditions match it whichever namespace is `a`.
 */
export function linkJoins(a: SQLWrapper, b: SQLWrapper): SQL {
  return or(
    and(eq(links.partnerLow, a), eq(links.partnerHigh, b)),
    and(eq(links.partnerLow, b), eq(links.partnerHigh, a)),
  )!;
}

/** SQL: `a` and `b` are one namespace, or hold an established link (may pay each other). */
export function mayTransact(a: SQLWrapper, b: SQLWrapper): SQL {
  return sql`(${a} = ${b} or exists (select 1 from ${links} where ${links.status} = 'established' and ${linkJoins(a, b)}))`;
}

/** The link row of a pair of namespaces, by its ordered pair (either may be the requester). */
export function pairIs(a: string, b: string): SQL {
  const pair = orderedPair(a, b);
  return and(eq(links.partnerLow, pair.partnerLow), eq(links.partnerHigh, pair.partnerHigh))!;
}

/** True when the two namespaces hold an established link (either may be the requester). */
export async function isLinkEstablished(db: DbOrTx, partnerA: string, partnerB: string): Promise<boolean> {
  const [row] = await db
    .select({ id: links.id })
    .from(links)
    .where(and(pairIs(partnerA, partnerB), eq(links.status, 'established')))
    .limit(1);
  return Boolean(row);
}
