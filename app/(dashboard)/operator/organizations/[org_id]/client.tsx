'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isNotFound } from '@/lib/client/api';
import { useOrgDecision } from '../../decision';
import { CARD, LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import type { OrganizationReview } from '@/lib/schemas/organizations';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import OrganizationNotFound from './not-found';
import { organizationReviewQuery } from '@/lib/client/queries/operator';
import { useNamespace } from '@/lib/client/namespace';
import { formatCount } from '@/lib/client/format';
import { browserName } from '@/lib/client/user-agent';
import { LocalTime, useWhen } from '@/components/ui/local-time';

type Review = OrganizationReview;

const STATUS_TONE = { sandbox: 'amber', verified: 'green', rejected: 'red' } as const;
const CHECKS = [
  ['api_key', 'API key created'],
  ['webhook', 'Webhook subscribed'],
  ['sandbox_payment', 'Payment sent to the Sandbox Bank'],
] as const;

/**
 * Who is behind the organization: its admins (their e-mails, when each was added and last signed
 * in) and its sign-up — when, from which client address and browser, as its audit trail recorded
 * it (none for an organization the demo seeded, or once that entry is archived).
 */
function WhoIsBehind({ review }: { review: Review }) {
  const s = review.signed_up;
  return (
    <section aria-labelledby="behind-title" className={`${CARD} flex flex-col gap-3`}>
      <h2 id="behind-title" className="font-medium">
        Who is behind it
      </h2>
      <div>
        <h3 className="text-sm font-medium text-slate-600 dark:text-slate-400">
          {review.admins.length === 1 ? 'Admin' : 'Admins'}
        </h3>
        {review.admins.length ? (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Admins">
            {review.admins.map((a) => (
              <li key={a.email}>
                <a href={`mailto:${a.email}`} className={`font-medium ${LINK}`}>
                  {a.email}
                </a>
                {a.name ? ` (${a.name})` : ''}
                <span className="text-slate-600 dark:text-slate-400">
                  {' '}
                  · added <LocalTime seconds={a.created_at.seconds} /> ·{' '}
                  {a.last_signed_in_at ? (
                    <>
                      last signed in <LocalTime seconds={a.last_signed_in_at.seconds} />
                    </>
                  ) : (
                    'never signed in'
                  )}
                  {a.disabled ? ' · disabled' : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">No admin.</p>
        )}
      </div>
      <div data-testid="signed-up">
        <h3 className="text-sm font-medium text-slate-600 dark:text-slate-400">Sign-up</h3>
        {s ? (
          <p className="text-sm">
            <LocalTime seconds={s.at.seconds} />
            {s.admin_email ? ` by ${s.admin_email}` : ''} · from{' '}
            <code className="text-xs">{s.ip ?? 'an unknown address'}</code>
            {s.user_agent ? (
              <>
                {' '}
                · <span title={s.user_agent}>{browserName(s.user_agent)}</span>
              </>
            ) : null}
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Not in its audit trail: the organization was not made by a sign-up (the demo&apos;s), or the entry
            was archived.
          </p>
        )}
      </div>
    </section>
  );
}

/** The operator's page for deciding on an organization: who is behind it, everything it did in the sandbox. */
export function OrganizationReview({
  orgId,
  initial,
}: {
  orgId: string;
  /** The review as the page read it on the server (the operator holds no namespace). */
  initial: ServerRead<Review>;
}) {
  const ns = useNamespace();
  const query = useQuery({ ...organizationReviewQuery(ns, orgId), initialData: initialFrom(ns, initial) });
  const decision = useOrgDecision();
  // Read on the server with the page: its times in UTC until hydrated, then the reader's zone.
  const when = useWhen();
  const back = (
    <Link href="/operator" className={`text-sm ${LINK}`}>
      ← Organizations
    </Link>
  );
  if (isNotFound(query.error)) return <OrganizationNotFound />;
  if (query.isError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <PageTitle>Organization</PageTitle>
        <p role="alert" className="text-red-700 dark:text-red-400">
          {query.error.message}
        </p>
      </div>
    );
  const r = query.data;
  if (!r) return <div className="h-40 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />;
  const o = r.organization;
  const people = Object.entries(r.users)
    .map(([role, n]) => `${n} ${role}${n === 1 ? '' : 's'}`)
    .join(', ');
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        {back}
        <div className="flex flex-wrap items-center gap-3">
          <PageTitle>{o.name}</PageTitle>
          <Badge tone={STATUS_TONE[o.status]}>
            {o.status === 'sandbox' ? 'Awaiting verification' : o.status}
          </Badge>
          {o.status === 'sandbox' ? (
            <div className="ml-auto flex gap-2">
              <Button disabled={decision.isPending} onClick={() => decision.open(o, 'verify')}>
                Verify…
              </Button>
              <Button
                variant="danger"
                disabled={decision.isPending}
                onClick={() => decision.open(o, 'reject')}
              >
                Reject…
              </Button>
            </div>
          ) : null}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {o.token} · signed up {when(o.created_at.seconds)} · {people || 'no users'}
        </p>
      </div>
      <WhoIsBehind review={r} />
      {o.status !== 'sandbox' ? (
        <section aria-labelledby="decision-title" className={CARD}>
          <h2 id="decision-title" className="font-medium">
            Decision
          </h2>
          <p className="text-sm">
            {o.status === 'verified' ? 'Verified' : 'Rejected'}
            {o.decided_at ? ` ${when(o.decided_at.seconds)}` : ''}
            {r.decided_by ? ` by ${r.decided_by}` : ''}
            {o.decision_note ? (
              <>
                : <q>{o.decision_note}</q>
              </>
            ) : null}
          </p>
        </section>
      ) : null}
      {r.namespaces.map((n) => (
        <section
          key={n.token}
          id={n.token}
          aria-labelledby={`ns-${n.token}`}
          className={`${CARD} flex scroll-mt-4 flex-col gap-3`}
        >
          <div className="flex flex-wrap items-baseline gap-2">
            <h2 id={`ns-${n.token}`} className="font-medium">
              {n.name}
            </h2>
            <code className="text-xs">{n.domain}</code>
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {n.environment}
              {n.enabled ? '' : ' · disabled'} · created {when(n.created_at.seconds)}
            </span>
          </div>
          <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={`Checklist of ${n.domain}`}>
            {CHECKS.map(([key, label]) => (
              <li key={key} className={n.checklist[key] ? '' : 'text-slate-600 dark:text-slate-400'}>
                <span aria-hidden="true">{n.checklist[key] ? '✓' : '○'}</span> {label}
                <span className="sr-only">{n.checklist[key] ? ': done' : ': not yet'}</span>
              </li>
            ))}
          </ul>
          <dl
            className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4"
            aria-label={`Activity of ${n.domain}`}
          >
            {(
              [
                ['Payments', n.payments.total],
                ['Admitted or settled', n.payments.admitted + n.payments.settled],
                ['Rejected or expired', n.payments.rejected + n.payments.expired],
                ['Open', n.payments.pending + n.payments.on_hold + n.payments.unsubmitted],
                ['Exceptions', n.exceptions],
                ['Webhooks', n.webhooks.total],
                ['Webhooks failing', n.webhooks.failing],
                ['Webhooks disabled', n.webhooks.disabled],
              ] as const
            ).map(([term, value]) => (
              <div key={term} className="rounded-md bg-slate-50 p-2 dark:bg-slate-800">
                <dt className="text-xs text-slate-600 dark:text-slate-400">{term}</dt>
                <dd className="text-lg font-semibold tabular-nums">{formatCount(value)}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {decision.dialog}
    </div>
  );
}
