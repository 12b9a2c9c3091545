'use client';

import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { apiFetch } from '@/lib/client/api';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import type { ApiKey } from './key-types';

const rotateResolver = lazyResolver(() => import('./key-schemas').then((m) => m.rotateResolver));

/**
 * Rotates a key (`POST /apikey/{current secret}`): the answer's new secret goes to `onRotated`.
 * Loaded when first opened (React.lazy in client.tsx), keeping the page within its first-load budget.
 */
export function RotateKeyForm({
  apiKey,
  onRotated,
  onCancel,
}: {
  apiKey: ApiKey;
  onRotated: (k: ApiKey) => void;
  onCancel: () => void;
}) {
  const toast = useToast();
  const form = useForm({ resolver: rotateResolver, defaultValues: { secret: '' } });
  const rotate = useMutation({
    mutationFn: (secret: string) =>
      apiFetch<ApiKey>(`/apikey/${encodeURIComponent(secret)}`, { method: 'POST' }),
    onSuccess: onRotated,
    onError: (e: Error) => toast('error', e.message),
  });
  return (
    <form
      onSubmit={form.handleSubmit((v) => rotate.mutate(v.secret))}
      noValidate
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
    >
      <h2 className="font-medium">Rotate “{apiKey.name}”</h2>
      <p className="text-sm">
        Rotation is addressed by the current secret. The current secret stops working the moment the new one
        is issued.
      </p>
      <Field
        label="Current secret"
        id="current-secret"
        type="password"
        autoComplete="off"
        {...form.register('secret')}
        error={form.formState.errors.secret?.message}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={rotate.isPending}>
          {rotate.isPending ? 'Rotating…' : 'Rotate now'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
