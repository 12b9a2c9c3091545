'use client';

import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { defineListScreen } from '@/components/screen/list-screen';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { SecretReveal } from '@/components/ui/secret-reveal';
import { useToast } from '@/components/ui/toast';
import {
  useCreateInbox,
  useCreateWebhook,
  useUpdateWebhook,
  webhookQueries,
  type Webhook,
  type WebhookWithSecret,
} from '@/lib/client/queries/webhooks';
import { disabledText, failingText, webhookState } from './status';
import { FormSection } from '@/components/ui/form-section';
import { LazyWebhookForm } from './lazy-webhook-form';
import { CARD, LINK } from '@/components/ui/styles';
import { webhookColumns } from './columns';
import { WebhookReceiver } from '@/components/snippets/webhook-receiver';
import { useTenant } from '@/lib/client/deployment';
import { useRouter } from 'next/navigation';

/** The endpoints of the namespace; only admins may change them, others read. */
export const WebhooksScreen = defineListScreen({
  title: 'Webhooks',
  description:
    "Endpoints of your back end that receive this namespace's events, signed with Standard Webhooks headers.",
  query: webhookQueries.list,
  rows: (d) => d.webhooks,
  columns: webhookColumns,
  caption: 'Webhook endpoints',
  limit: 20,
  manage: 'webhooks.manage',
  useControls: () => {
    const toast = useToast();
    const create = useCreateWebhook();
    const createInbox = useCreateInbox();
    const router = useRouter();
    const sandbox = useTenant()?.sandbox ?? false;
    const update = useUpdateWebhook();
    const [created, setCreated] = useState<WebhookWithSecret | null>(null);
    const [formKey, setFormKey] = useState(0);
    const reenable = (w: Webhook) =>
      update.mutate(
        { id: w.token, enabled: true },
        {
          onSuccess: () => toast('success', `${w.url} re-enabled`),
          onError: (e) => toast('error', e.message),
        },
      );
    const addInbox = () =>
      createInbox.mutate('Inbox', {
        onSuccess: (w) => router.push(`/webhooks/${w.token}`),
        onError: (e) => toast('error', e.message),
      });
    return {
      create,
      createInbox,
      addInbox,
      sandbox,
      update,
      reenable,
      created,
      setCreated,
      formKey,
      setFormKey,
    };
  },
  intro: ({ query, canManage, controls: c }) => {
    const hooks = query.data?.webhooks ?? [];
    return (
      <>
        {hooks
          .filter((w) => webhookState(w) === 'disabled')
          .map((w) => (
            <Banner
              key={w.token}
              tone="danger"
              title={`Endpoint disabled: ${w.url}`}
              action={
                canManage ? (
                  <Button
                    variant="secondary"
                    aria-label={`Re-enable ${w.url}`}
                    disabled={c.update.isPending}
                    onClick={() => c.reenable(w)}
                  >
                    Re-enable
                  </Button>
                ) : null
              }
            >
              {disabledText(w)}
            </Banner>
          ))}
        {hooks
          .filter((w) => webhookState(w) === 'failing')
          .map((w) => (
            <Banner key={w.token} tone="warning" title={`Endpoint failing: ${w.url}`}>
              {failingText(w)}{' '}
              <Link href={`/webhooks/${w.token}`} className="underline">
                See its deliveries
              </Link>
            </Banner>
          ))}
        {canManage && c.sandbox ? (
          <section aria-labelledby="inbox-offer" className={`${CARD} flex flex-wrap items-center gap-3`}>
            <div className="min-w-0 flex-1 text-sm">
              <h2 id="inbox-offer" className="font-medium">
                No public URL yet? Use an inbox
              </h2>
              <p className="text-slate-700 dark:text-slate-300">
                An inbox endpoint keeps this sandbox&apos;s deliveries in the dashboard, with their headers,
                body and signature check, as your receiver would get them.
              </p>
            </div>
            <Button variant="secondary" disabled={c.createInbox.isPending} onClick={c.addInbox}>
              {c.createInbox.isPending ? 'Adding…' : 'Add an inbox'}
            </Button>
          </section>
        ) : null}
        {c.created?.secret ? (
          <div className="flex flex-col gap-2">
            <SecretReveal
              title={`Endpoint ${c.created.url} created`}
              secret={c.created.secret}
              warning="Your endpoint verifies each delivery's webhook-signature with it."
              onDone={() => c.setCreated(null)}
            />
            <WebhookReceiver url={c.created.url} secret={c.created.secret} />
            <Link href={`/webhooks/${c.created.token}`} className={`text-sm ${LINK}`}>
              Open the endpoint to send a test event
            </Link>
          </div>
        ) : null}
      </>
    );
  },
  create: ({ url, controls: c }) => (
    // Folded unless asked for (`?add=1`, the overview's checklist link): the list comes first.
    <FormSection summary="Add an endpoint" defaultOpen={url.params.get('add') === '1'} className={CARD}>
      <LazyWebhookForm
        key={c.formKey}
        idPrefix="new-webhook"
        submitLabel="Add endpoint"
        pendingLabel="Adding…"
        onSubmit={async (input) => {
          const w = await c.create.mutateAsync(input);
          c.setCreated(w);
          c.setFormKey((k) => k + 1);
        }}
      />
    </FormSection>
  ),
  readOnly: "Only your organization's admins can add, change or delete endpoints.",
  empty: ({ canManage }) =>
    canManage ? 'No endpoints yet. Add one above to receive events.' : 'No endpoints yet.',
});
