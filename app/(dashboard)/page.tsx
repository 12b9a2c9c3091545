import { Link } from '@/components/ui/link';
import { Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { OperatorHome, type OperatorHomeReads } from '@/components/operator/home';
import { LAST_CUTOFF_BATCHES } from '@/lib/client/queries/settlements';
import { GoLive } from '@/components/overview/go-live';
import type { Overview } from '@/lib/client/queries/overview';
import { readFirstPage, requireMe } from '@/lib/dashboard/session';
import { OverviewClient } from './overview-client';
import { periodOf } from './overview-period';
import { LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import { can } from '@/lib/domain/permissions';

/** The operator home's figures, read with the page (its namespace is none: null). */
async function operatorHomeReads(): Promise<OperatorHomeReads> {
  const read = async <T,>(path: string) => {
    const data = await readFirstPage<T>(path);
    return data === null ? null : { partnerId: null, data };
  };
  const [stats, health, batches] = await Promise.all([
    read<NonNullable<OperatorHomeReads['stats']>['data']>('/operator/stats'),
    read<NonNullable<OperatorHomeReads['health']>['data']>('/operator/health'),
    read<NonNullable<OperatorHomeReads['batches']>['data']>(
      `/operator/settlements?limit=${LAST_CUTOFF_BATCHES}`,
    ),
  ]);
  return { stats, health, batches };
}

/** The operator's home with what its page read (streamed after the title). */
async function OperatorHomeRead() {
  return <OperatorHome initial={await operatorHomeReads()} />;
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function OverviewPage({ searchParams }: { searchParams: SearchParams }) {
  const { me, partnerId } = await requireMe();
  const ns = me.partners.find((p) => p.token === partnerId);
  // The figures come with the HTML (the page's largest paint is a figure); the browser refreshes them.
  const days = periodOf([(await searchParams).days].flat()[0]);
  const figures = ns && me.organization ? await readFirstPage<Overview>(`/overview?days=${days}`) : null;
  const goLive =
    me.organization?.status === 'verified' && !me.partners.some((p) => p.environment === 'production');
  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        description={
          ns
            ? `${ns.name} · ${ns.domain} (${ns.environment})`
            : can(me.role, 'network.read')
              ? 'The network at a glance: what awaits your decision, health and settlement'
              : 'No namespace yet'
        }
      >
        Overview
      </PageTitle>
      {me.organization?.status === 'rejected' && me.organization.decision_note ? (
        <p
          role="note"
          className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm dark:border-amber-900 dark:bg-amber-950"
        >
          The network operator declined verification: “{me.organization.decision_note}”
        </p>
      ) : null}
      {goLive ? <GoLive /> : null}
      {ns && me.organization ? (
        <Suspense>
          <OverviewClient
            key={ns.token}
            partnerId={ns.token}
            orgId={me.organization.token}
            domain={ns.domain}
            isSandbox={me.organization.status === 'sandbox'}
            initial={figures ? { days, partnerId: ns.token, data: figures } : null}
          />
        </Suspense>
      ) : can(me.role, 'network.read') ? (
        // The title is sent at once; the home follows in the same answer once its reads are in.
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <OperatorHomeRead />
        </Suspense>
      ) : (
        <p>
          <Link href="/namespaces" className={LINK}>
            Create a namespace
          </Link>{' '}
          to start.
        </p>
      )}
    </div>
  );
}
