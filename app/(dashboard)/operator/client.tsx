'use client';

import { SELECT_CLASS } from '@/components/ui/select';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { columnHelper } from '@/components/data-table/columns';
import { DataTable } from '@/components/data-table/data-table';
import type { ListPage } from '@/lib/client/list-page';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { when } from '@/lib/client/format';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';

interface Org {
  token: string;
  name: string;
  status: 'sandbox' | 'verified' | 'rejected';
  created_at: { seconds: number };
  decision_note: string | null;
}
type Verb = 'verify' | 'reject';
const col = columnHelper<Org>();
const LIMIT = 20;

export function OperatorClient() {
  const { params, set } = useUrlState();
  const paging = usePaging();
  const status = params.get('status') ?? 'sandbox';
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery({
    queryKey: ['organizations', { cursor: paging.cursor, status }],
    queryFn: () =>
      apiFetch<ListPage & { organizations: Org[] }>(
        `/operator/organizations?limit=${LIMIT}${paging.param}${status ? `&status=${status}` : ''}`,
      ),
  });
  // A decision is final: it is confirmed in a dialog, with a note that is kept and shown to the
  // organization.
  const [deciding, setDeciding] = useState<{ org: Org; verb: Verb } | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const open = (org: Org, verb: Verb) => {
    setDeciding({ org, verb });
    setNote('');
    setNoteError(null);
  };
  const decide = useMutation({
    mutationFn: ({ org, verb, note }: { org: Org; verb: Verb; note: string }) =>
      apiFetch<Org>(`/operator/organizations/${org.token}/${verb}`, { method: 'POST', body: { note } }),
    onSuccess: (o) => {
      toast('success', `${o.name} is now ${o.status}`);
      qc.invalidateQueries({ queryKey: ['organizations'] });
    },
    onError: (e: Error) => toast('error', e.message),
    onSettled: () => setDeciding(null),
  });
  const confirm = () => {
    if (!deciding) return;
    if (!note.trim()) {
      setNoteError('Enter a note: it is kept with the decision');
      return;
    }
    decide.mutate({ ...deciding, note });
  };
  const columns = col.columns([
    col.accessor('name', { header: 'Organization' }),
    col.accessor('status', { header: 'Status' }),
    col.display({
      header: 'Signed up',
      id: 'created',
      cell: ({ row }) => when(row.original.created_at.seconds),
    }),
    col.accessor('decision_note', {
      header: 'Note',
      cell: (c) => c.getValue() ?? '',
    }),
    col.display({
      header: 'Decision',
      id: 'actions',
      cell: ({ row }) =>
        row.original.status === 'sandbox' ? (
          <div className="flex gap-2">
            <Button
              disabled={decide.isPending}
              onClick={() => open(row.original, 'verify')}
              aria-label={`Verify ${row.original.name}`}
            >
              Verify
            </Button>
            <Button
              variant="danger"
              disabled={decide.isPending}
              onClick={() => open(row.original, 'reject')}
              aria-label={`Reject ${row.original.name}`}
            >
              Reject
            </Button>
          </div>
        ) : null,
    }),
  ]);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Organizations</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Network figures, settlement cut-offs and the latest batches are on the{' '}
          <Link href="/operator/network" className="text-blue-700 underline dark:text-blue-400">
            Network
          </Link>{' '}
          page.
        </p>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor="status-filter" className="text-sm">
          Status
        </label>
        <select
          id="status-filter"
          value={status}
          onChange={(e) => set({ status: e.target.value })}
          className={SELECT_CLASS}
        >
          <option value="sandbox">Awaiting verification</option>
          <option value="verified">Verified</option>
          <option value="rejected">Rejected</option>
        </select>
      </div>
      <DataTable
        caption="Organizations"
        columns={columns}
        data={query.data?.organizations ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty="No organizations with this status."
      />
      <ConfirmDialog
        open={deciding !== null}
        title={`${deciding?.verb === 'reject' ? 'Reject' : 'Verify'} “${deciding?.org.name ?? ''}”?`}
        confirmLabel={
          decide.isPending
            ? 'Saving…'
            : deciding?.verb === 'reject'
              ? 'Reject organization'
              : 'Verify organization'
        }
        tone={deciding?.verb === 'reject' ? 'danger' : 'primary'}
        busy={decide.isPending}
        onConfirm={confirm}
        onCancel={() => setDeciding(null)}
      >
        <p>
          {deciding?.verb === 'reject'
            ? 'The organization stays in the sandbox and cannot be verified later.'
            : 'The organization may then create production namespaces and live keys.'}{' '}
          The decision is final.
        </p>
        <label htmlFor="decision-note" className="mt-3 block font-medium">
          Note (required, shown to the organization)
        </label>
        <textarea
          id="decision-note"
          rows={3}
          value={note}
          maxLength={1000}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? 'decision-note-error' : undefined}
          className="mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-800"
        />
        {noteError ? (
          <p id="decision-note-error" className="text-red-700 dark:text-red-400">
            {noteError}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
