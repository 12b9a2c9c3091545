'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { DetailRow } from '@/components/ui/detail-row';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LocalTime } from '@/components/ui/local-time';
import { useToast } from '@/components/ui/toast';
import { apiFetch, isNotFound } from '@/lib/client/api';
import { type Account, STATUS_BADGE } from '../account';
import { CARD, LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import { DetailPageSkeleton } from '@/components/ui/skeleton';
import AccountNotFound from './not-found';
import { accountQueries } from '@/lib/client/queries/accounts';
import { useNamespace } from '@/lib/client/namespace';

export function AccountDetail({
  initial,
  canManage,
  isSandbox,
}: {
  /** The account as the page read it on the server, in the namespace it was read in. */
  initial: ServerRead<Account>;
  canManage: boolean;
  isSandbox: boolean;
}) {
  const ns = useNamespace();
  const qc = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const token = initial.data.token;
  const path = `/account/${encodeURIComponent(token)}`;
  // After a namespace switch the account is read afresh in the new one.
  const account = useQuery({ ...accountQueries.detail(ns, token), initialData: initialFrom(ns, initial) });
  const a = account.data;
  const done = (text: string) => {
    toast('success', text);
    void qc.invalidateQueries({ queryKey: accountQueries.keys.all });
  };
  const verify = useMutation({
    mutationFn: () => apiFetch<Account>(`${path}/verify`, { partner: ns, method: 'POST' }),
    onSuccess: () => done('Account verified'),
    onError: (e: Error) => toast('error', e.message),
  });
  const remove = useMutation({
    mutationFn: () => apiFetch(path, { partner: ns, method: 'DELETE' }),
    onSuccess: () => {
      setConfirming(false);
      done('Account deleted');
    },
    onError: (e: Error) => {
      setConfirming(false);
      toast('error', e.message);
    },
  });
  if (isNotFound(account.error)) return <AccountNotFound />;
  if (!a) return <DetailPageSkeleton label="Loading the account…" sections={1} />;
  const address = a.institution.address;
  const where = [address.address, address.city, address.state, address.postal_code]
    .filter(Boolean)
    .join(', ');

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/accounts" className={LINK}>
          Settlement accounts
        </Link>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <PageTitle>{a.account_title}</PageTitle>
          <p className="mt-1 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <span className="font-mono">{a.masked_account_number}</span>
            <span
              data-testid="account-status"
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_BADGE[a.status]}`}
            >
              {a.status}
            </span>
          </p>
        </div>
        {canManage && a.status !== 'deleted' ? (
          <div className="flex gap-2">
            {a.status === 'unverified' && isSandbox ? (
              <Button variant="secondary" disabled={verify.isPending} onClick={() => verify.mutate()}>
                {verify.isPending ? 'Verifying…' : 'Verify (sandbox)'}
              </Button>
            ) : null}
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete account
            </Button>
          </div>
        ) : null}
      </div>
      {a.review?.decision === 'rejected' ? (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          The network operator rejected this account on <LocalTime seconds={a.review.at.seconds} />
          {a.review.note ? `: ${a.review.note}` : ''}. Add a corrected account for settlement.
        </p>
      ) : a.status === 'unverified' && !isSandbox ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          Production accounts are verified by the network operator.
        </p>
      ) : null}
      {a.review?.decision === 'verified' ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Verified by the network operator on <LocalTime seconds={a.review.at.seconds} />
          {a.review.note ? `: ${a.review.note}` : ''}.
        </p>
      ) : null}
      {a.status === 'deleted' ? (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          This account is deleted. It stays readable for the record and is no longer used for settlement.
        </p>
      ) : null}
      <section className={CARD} aria-labelledby="account-heading">
        <h2 id="account-heading" className="mb-1 font-medium">
          Account
        </h2>
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          <DetailRow term="Account number">
            <span className="font-mono">{a.masked_account_number}</span>
          </DetailRow>
          <DetailRow term="Routing number">
            <span className="font-mono">{a.routing_number}</span>
          </DetailRow>
          <DetailRow term="Type">{a.type === 'checking' ? 'Checking' : 'Savings'}</DetailRow>
          <DetailRow term="Status">{a.status}</DetailRow>
          <DetailRow term="Created">
            <LocalTime seconds={a.created_at.seconds} />
          </DetailRow>
          <DetailRow term="Last changed">
            <LocalTime seconds={a.updated_at.seconds} />
          </DetailRow>
          <DetailRow term="Id">
            <span className="font-mono">{a.token}</span>
          </DetailRow>
        </dl>
      </section>
      <section className={CARD} aria-labelledby="institution-heading">
        <h2 id="institution-heading" className="mb-1 font-medium">
          Institution
        </h2>
        <dl className="divide-y divide-slate-100 dark:divide-slate-800">
          <DetailRow term="Name">{a.institution.name}</DetailRow>
          <DetailRow term="Routing number">
            <span className="font-mono">{a.institution.routing_number}</span>
          </DetailRow>
          <DetailRow term="Phone">{a.institution.phone_number || '—'}</DetailRow>
          <DetailRow term="Address">{where || '—'}</DetailRow>
        </dl>
      </section>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${a.account_title}”?`}
        confirmLabel={remove.isPending ? 'Deleting…' : 'Delete'}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        The account {a.masked_account_number} will no longer be used for settlement. It stays readable under
        the Deleted filter; this cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
