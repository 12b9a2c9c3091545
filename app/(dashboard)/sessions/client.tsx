'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryTable, useListQuery } from '@/components/data-table/query-table';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { browserName } from '@/lib/client/user-agent';
import type { Session } from '@/lib/schemas/sessions';
import { LazyPasswordForm } from './lazy-password-form';
import { SecondFactor } from './second-factor';
import { PageTitle } from '@/components/ui/page-title';
import { sessionColumns } from './columns';
import { sessionQueries } from '@/lib/client/queries/sessions';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

export function SessionsClient() {
  const ns = useNamespace();
  const qc = useQueryClient();
  const toast = useToast();
  const [ending, setEnding] = useState<Session | 'others' | null>(null);
  const list = useListQuery((page) => sessionQueries.list(ns, page), {
    limit: LIMIT,
    rows: (d) => d.sessions,
  });
  const end = useMutation({
    mutationFn: (which: Session | 'others') =>
      which === 'others'
        ? apiFetch<{ revoked: number }>('/me/sessions/revoke-others', { partner: ns, method: 'POST' })
        : apiFetch<{ revoked: number }>(`/me/sessions/${encodeURIComponent(which.token)}`, {
            partner: ns,
            method: 'DELETE',
          }),
    onSuccess: (r) => {
      toast('success', r.revoked === 1 ? 'Signed out 1 session' : `Signed out ${r.revoked} sessions`);
      setEnding(null);
      void qc.invalidateQueries({ queryKey: sessionQueries.keys.all });
    },
    onError: (e: Error) => {
      toast('error', e.message);
      setEnding(null);
    },
  });
  const sessions = list.rows;
  const others = sessions.filter((s) => !s.current).length;

  const columns = sessionColumns(setEnding);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageTitle
          description={
            <>
              Where you are signed in, and your password. Signing a session out ends it at once, on every
              server.
            </>
          }
        >
          Sessions
        </PageTitle>
        {others > 0 ? (
          <Button type="button" variant="secondary" onClick={() => setEnding('others')}>
            Sign out everywhere else
          </Button>
        ) : null}
      </div>
      <QueryTable list={list} caption="Sessions" columns={columns} empty="No sessions." />
      <div className="grid gap-6 lg:grid-cols-2">
        <LazyPasswordForm />
        <SecondFactor />
      </div>
      <ConfirmDialog
        open={ending !== null}
        title={ending === 'others' ? 'Sign out everywhere else?' : 'Sign out this session?'}
        confirmLabel={end.isPending ? 'Signing out…' : 'Sign out'}
        busy={end.isPending}
        onConfirm={() => ending && end.mutate(ending)}
        onCancel={() => setEnding(null)}
      >
        {ending === 'others'
          ? 'Every other browser signed in as you has to sign in again; this one stays signed in.'
          : `${ending ? browserName(ending.user_agent) : ''} has to sign in again to continue.`}
      </ConfirmDialog>
    </div>
  );
}
