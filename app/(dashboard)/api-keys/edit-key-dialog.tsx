'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Modal } from '@/components/ui/modal';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { FormFooter } from '@/components/ui/form-footer';
import { useToast } from '@/components/ui/toast';
import { formField } from '@/lib/client/form-field';
import { apiFetch } from '@/lib/client/api';
import { fromLocalInput, toLocalInput } from '@/lib/client/time';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { showServerError } from '@/lib/client/server-error';
import type { EditKeyValues } from './key-schemas';
import { AccessFields } from './access-fields';
import { keyBody, type ApiKey } from './key-types';
import { apiKeyQueries } from '@/lib/client/queries/api-keys';
import { useNamespace } from '@/lib/client/namespace';

const editKeyResolver = lazyResolver(() => import('./key-schemas').then((m) => m.editKeyResolver));

/**
 * Edits a key's name, description, access and expiry in a modal dialog (`PATCH /apikey/{token}`;
 * the expiry only when it changed). The secret is untouched: calls with it are checked against
 * the new access and expiry from the next request.
 * Loaded when first opened (React.lazy in client.tsx), mounted only while open.
 */
export function EditKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const ns = useNamespace();
  const qc = useQueryClient();
  const toast = useToast();
  const expires = toLocalInput(apiKey.expires_at === null ? null : String(apiKey.expires_at));
  const form = useForm<EditKeyValues>({
    resolver: editKeyResolver,
    defaultValues: { name: apiKey.name, description: apiKey.description, ...apiKey.access, expires },
  });
  const save = useMutation({
    mutationFn: (v: EditKeyValues) =>
      apiFetch<ApiKey>(`/apikey/${apiKey.token}`, {
        partner: ns,
        method: 'PATCH',
        body: {
          ...keyBody(v),
          // Sent only when changed: an untouched field keeps the expiry to the second.
          ...(v.expires === expires
            ? {}
            : { expires_at: v.expires ? Number(fromLocalInput(v.expires, 'start')) : null }),
        },
      }),
    onSuccess: (k) => {
      toast('success', `Key “${k.name}” updated`);
      void qc.invalidateQueries({ queryKey: apiKeyQueries.keys.all });
      onClose();
    },
    onError: (e: Error) => showServerError(form, e, { expires_at: 'expires' }),
  });
  return (
    <Modal onClose={() => !save.isPending && onClose()} labelledBy="edit-key-title">
      <form onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate className="flex flex-col gap-4">
        <h2 id="edit-key-title" className="text-lg font-semibold">
          Edit “{apiKey.name}”
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The secret stays the same; calls made with it get the new access and expiry at once.
        </p>
        <Field label="Name" id="edit-key-name" {...formField(form, 'name')} />
        <Field label="Description" id="edit-key-description" {...formField(form, 'description')} />
        <Field
          label="Expires"
          id="edit-key-expires"
          type="datetime-local"
          hint="In your time zone. Empty: the key never expires."
          {...formField(form, 'expires')}
        />
        <AccessFields form={form} />
        <FormFooter
          layout="dialog"
          form={form}
          submit="Save changes"
          busy="Saving…"
          pending={save.isPending}
          cancel={{ onClick: onClose, disabled: save.isPending }}
        />
      </form>
    </Modal>
  );
}
