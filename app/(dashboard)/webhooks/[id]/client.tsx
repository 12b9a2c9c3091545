'use client';

import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '@/lib/client/api';
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { lazy, Suspense, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SecretReveal } from '@/components/ui/secret-reveal';
import { useToast } from '@/components/ui/toast';
import { useWhen } from '@/components/ui/local-time';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
  webhookQuery,
} from '@/lib/client/queries/webhooks';
import { disabledText, failingText, webhookState, WebhookStatusBadge } from '../status';
import { FormSection } from '@/components/ui/form-section';
import { LazyWebhookForm } from '../lazy-webhook-form';
import { Deliveries } from './deliveries';
import { LazyRecovery } from './lazy-recovery-form';
import { RecoveryProgress, useRecovery } from './recovery';
import { CARD, LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import { initialFrom, type ServerRead } from '@/lib/client/server-read';
import type { Webhook } from '@/lib/client/queries/webhooks';
import WebhookNotFound from './not-found';
import { SelectField } from '@/components/ui/field';
import { EVENT_TYPES, type EventType } from '@/lib/events/types';
import { useNamespace } from '@/lib/client/namespace';

// An inbox endpoint's messages: loaded for an inbox only (the page's first load stays within budget).
const Inbox = lazy(() => import('./inbox').then((m) => ({ default: m.Inbox })));

/** One endpoint: its state, actions and delivery log; read-only unless `canManage` (admins). */
export function WebhookDetail({
  id,
  initial,
  canManage,
  partnerId,
}: {
  id: string;
  /** The endpoint as the page read it on the server, in the namespace it was read in. */
  initial: ServerRead<Webhook>;
  canManage: boolean;
  partnerId: string | null;
}) {
  const ns = useNamespace();
  const router = useRouter();
  const toast = useToast();
  const query = useQuery({ ...webhookQuery(ns, id), retry: false, initialData: initialFrom(ns, initial) });
  // Read on the server with the page: its times in UTC until hydrated, then the reader's zone.
  const when = useWhen();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestEvent();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [testType, setTestType] = useState<EventType>('webhook.test');
  const recovery = useRecovery(id);

  if (isNotFound(query.error)) return <WebhookNotFound />;
  if (query.isError) {
    return (
      <div className="flex flex-col gap-3">
        <PageTitle>Webhook</PageTitle>
        <p role="alert" className="text-red-700 dark:text-red-400">
          {query.error.message}
        </p>
        <Link href="/webhooks" className={LINK}>
          Back to webhooks
        </Link>
      </div>
    );
  }
  const w = query.data;
  if (!w) return <div className="h-40 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />;
  const state = webhookState(w);
  const fail = (e: Error) => toast('error', e.message);
  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: w.token, enabled },
      {
        onSuccess: () => toast('success', enabled ? 'Endpoint re-enabled' : 'Endpoint disabled'),
        onError: fail,
      },
    );

  // Re-enabling clears failing_since: the time is taken before, then the recovery runs.
  const reEnableAndRecover = (since: number) =>
    update.mutate(
      { id: w.token, enabled: true },
      {
        onSuccess: () => {
          toast('success', 'Endpoint re-enabled');
          void recovery.run(since);
        },
        onError: fail,
      },
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link href="/webhooks" className={`text-sm ${LINK}`}>
          ← Webhooks
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <PageTitle className="break-all">{w.kind === 'inbox' ? 'Inbox endpoint' : w.url}</PageTitle>
          <WebhookStatusBadge webhook={w} />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {w.description || 'No description'} · {w.token} · created {when(w.created_at.seconds)}
        </p>
      </div>

      {state === 'disabled' ? (
        <Banner
          tone="danger"
          title="This endpoint is disabled"
          action={
            canManage ? (
              <div className="flex flex-wrap gap-2">
                {w.failing_since ? (
                  <Button
                    disabled={update.isPending}
                    onClick={() => reEnableAndRecover(w.failing_since!.seconds)}
                  >
                    Re-enable and resend what failed
                  </Button>
                ) : null}
                <Button
                  variant={w.failing_since ? 'secondary' : 'primary'}
                  disabled={update.isPending}
                  onClick={() => setEnabled(true)}
                >
                  Re-enable endpoint
                </Button>
              </div>
            ) : null
          }
        >
          {disabledText(w)}
          {w.failing_since && canManage
            ? ` "Re-enable and resend what failed" also sends again every delivery that failed since ${when(w.failing_since.seconds)}.`
            : ''}
        </Banner>
      ) : null}
      {state === 'failing' ? (
        <Banner tone="warning" title="Deliveries to this endpoint are failing">
          {failingText(w, when)}
        </Banner>
      ) : null}
      {secret ? (
        <SecretReveal
          title="New signing secret"
          secret={secret}
          warning="The previous secret keeps signing alongside it for 24 hours, so you can switch without losing events."
          onDone={() => setSecret(null)}
        />
      ) : null}

      <section aria-labelledby="actions-title" className={`${CARD} flex flex-col gap-3`}>
        <h2 id="actions-title" className="font-medium">
          {canManage ? 'Actions' : 'Events'}
        </h2>
        {canManage ? (
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              label="Test event type"
              id="test-event-type"
              value={testType}
              onChange={(e) => setTestType(e.target.value as EventType)}
            >
              {EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </SelectField>
            <Button
              disabled={!w.enabled || test.isPending}
              title={w.enabled ? undefined : 'Enable the endpoint first'}
              onClick={() =>
                test.mutate(
                  { id: w.token, type: testType },
                  {
                    onSuccess: (r) =>
                      toast(
                        'success',
                        `Test event ${r.event_id} sent${r.event_type === 'webhook.test' ? '' : ` (${r.event_type})`}`,
                      ),
                    onError: fail,
                  },
                )
              }
            >
              {test.isPending ? 'Sending…' : 'Send test event'}
            </Button>
            <Button
              variant="secondary"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate(w.token, { onSuccess: (r) => setSecret(r.secret), onError: fail })}
            >
              {rotate.isPending ? 'Rotating…' : 'Rotate secret'}
            </Button>
            {w.enabled ? (
              <Button variant="secondary" disabled={update.isPending} onClick={() => setEnabled(false)}>
                Disable
              </Button>
            ) : null}
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Read only: only your organization&apos;s admins can test, change or delete this endpoint.
          </p>
        )}
        {recovery.progress ? <RecoveryProgress progress={recovery.progress} onStop={recovery.stop} /> : null}
        {canManage && w.enabled ? (
          <LazyRecovery webhookId={w.token} failingSince={w.failing_since?.seconds ?? null} />
        ) : null}
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Events:{' '}
          {w.event_types.includes('*') ? (
            'all events'
          ) : (
            <span className="inline-flex flex-wrap gap-1">
              {w.event_types.map((t) => (
                <code key={t} className="rounded bg-slate-100 px-1 text-xs dark:bg-slate-800">
                  {t}
                </code>
              ))}
            </span>
          )}
        </p>
      </section>

      {w.kind === 'inbox' ? (
        <Suspense>
          <Inbox webhookId={w.token} />
        </Suspense>
      ) : null}

      {/* An inbox has no URL to edit and receives every event. */}
      {canManage && w.kind !== 'inbox' ? (
        <FormSection summary="Edit settings" className={CARD}>
          <LazyWebhookForm
            key={w.updated_at.seconds}
            idPrefix="edit-webhook"
            webhook={w}
            submitLabel="Save changes"
            pendingLabel="Saving…"
            onSubmit={async (input) => {
              await update.mutateAsync({ id: w.token, ...input });
              toast('success', 'Endpoint updated');
            }}
          />
        </FormSection>
      ) : null}

      <Deliveries webhook={w} canRetry={canManage} partnerId={partnerId} />

      <ConfirmDialog
        open={confirming}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(w.token, {
            onSuccess: () => {
              setConfirming(false);
              toast('success', `Endpoint ${w.url} deleted`);
              router.push('/webhooks');
            },
            onError: fail,
          })
        }
      >
        <p>
          <span className="break-all">{w.url}</span> stops receiving events at once; deliveries still pending
          are dropped. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
