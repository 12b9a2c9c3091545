'use client';

import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { defineListScreen } from '@/components/screen/list-screen';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { namespaceQueries } from '@/lib/client/queries/namespaces';
import { oneOf, urlFilters } from '@/lib/client/url-filters';
import type { Namespace } from './namespace';
import { namespaceColumns } from './columns';
import { LazyCreateNamespaceForm } from './lazy-create-namespace-form';

// Opened by an admin's "Settings": loaded then (the list's first load stays light).
const SettingsDialog = lazy(() => import('./settings-dialog'));

const SHOW = { true: 'Enabled', false: 'Disabled' } as const;

/**
 * The organization's namespaces; admins create them (production ones once the organization is
 * verified), enable or disable them and change their settings (`?settings=<id>` opens a
 * namespace's: the liquidity screen links its on_cap there).
 */
export const NamespacesScreen = defineListScreen({
  title: 'Namespaces',
  filters: urlFilters({
    enabled: { kind: oneOf(SHOW), label: 'Show', id: 'enabled-filter', options: SHOW, any: 'All' },
  }),
  query: namespaceQueries.list,
  rows: (d) => d.partners,
  caption: 'Namespaces',
  limit: 20,
  manage: 'namespaces.manage',
  useControls: ({ ns, canManage, url, invalidate }) => {
    const toast = useToast();
    const toggle = useMutation({
      mutationFn: (n: Namespace) =>
        apiFetch(`/partner/${n.token}`, { partner: ns, method: 'PATCH', body: { enabled: !n.enabled } }),
      onSuccess: () => {
        toast('success', 'Namespace updated');
        void invalidate();
      },
      onError: (e: Error) => toast('error', e.message),
    });
    const [editing, setEditing] = useState<Namespace | null>(null);
    const linkedId = url.params.get('settings');
    const linked = useQuery({
      ...namespaceQueries.detail(ns, linkedId ?? ''),
      enabled: canManage && Boolean(linkedId),
    });
    const open = editing ?? (linkedId ? (linked.data ?? null) : null);
    const close = () => {
      setEditing(null);
      if (linkedId) url.set({ settings: undefined });
    };
    return { toggle, setEditing, open, close };
  },
  create: ({ props }) => <LazyCreateNamespaceForm verified={props.verified} />,
  readOnly: "Only your organization's admins can create, enable or disable namespaces.",
  columns: ({ canManage, controls: { toggle, setEditing } }) =>
    namespaceColumns(
      canManage ? { busy: toggle.isPending, toggle: (n) => toggle.mutate(n), edit: setEditing } : null,
    ),
  after: ({ controls: { open, close } }) =>
    open ? (
      <Suspense>
        <SettingsDialog key={open.token} ns={open} onClose={close} />
      </Suspense>
    ) : null,
});
