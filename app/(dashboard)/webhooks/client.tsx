'use client';

import { ListScreen } from '@/components/ui/list-screen';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
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
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import { disabledText, failingText, webhookState } from './status';
import { FormSection } from '@/components/ui/form-section';
import { LazyWebhookForm } from './lazy-webhook-form';
import { CARD, LINK } from '@/components/ui/styles';
import { webhookColumns } from './columns';
import { WebhookReceiver } from '@/components/snippets/webhook-receiver';
import { useTenant } from '@/lib/client/deployment';
import { useRouter } from 'next/navigation';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

/** The endpoints of the namespace; only admins may change them (`canManage`), others read. */
export function WebhooksClient({ canManage }: { canManage: boolean }) {
  const ns = useNamespace();
  const { params } = useUrlState();
  const paging = usePaging();
  const toast = useToast();
  const query = useQuery(webhookQueries.list(ns, { cursor: paging.cursor, limit: LIMIT }));
  const create = useCreateWebhook();
  const createInbox = useCreateInbox();
  const router = useRouter();
  const sandbox = useTenant()?.sandbox ?? false;
  const update = useUpdateWebhook();
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const [formKey, setFormKey] = useState(0);
  const hooks = query.data?.webhooks ?? [];
  const disabled = hooks.filter((w) => webhookState(w) === 'disabled');
  const failing = hooks.filter((w) => webhookState(w) === 'failing');

  const reenable = (w: Webhook) =>
    update.mutate(
      { id: w.token, enabled: true },
      { onSuccess: () => toast('success', `${w.url} re-enabled`), onError: (e) => toast('error', e.message) },
    );

  return (
    <ListScreen
      title="Webhooks"
      description="Endpoints of your back end that receive this namespace's events, signed with Standard Webhooks headers."
      intro={
        <>
          {disabled.map((w) => (
            <Banner
              key={w.token}
              tone="danger"
              title={`Endpoint disabled: ${w.url}`}
              action={
                canManage ? (
                  <Button
                    variant="secondary"
                    aria-label={`Re-enable ${w.url}`}
                    disabled={update.isPending}
                    onClick={() => reenable(w)}
                  >
                    Re-enable
                  </Button>
                ) : null
              }
            >
              {disabledText(w)}
            </Banner>
          ))}
          {failing.map((w) => (
            <Banner key={w.token} tone="warning" title={`Endpoint failing: ${w.url}`}>
              {failingText(w)}{' '}
              <Link href={`/webhooks/${w.token}`} className="underline">
                See its deliveries
              </Link>
            </Banner>
          ))}
          {canManage && sandbox ? (
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
              <Button
                variant="secondary"
                disabled={createInbox.isPending}
                onClick={() =>
                  createInbox.mutate('Inbox', {
                    onSuccess: (w) => router.push(`/webhooks/${w.token}`),
                    onError: (e) => toast('error', e.message),
                  })
                }
              >
                {createInbox.isPending ? 'Adding…' : 'Add an inbox'}
              </Button>
            </section>
          ) : null}
          {created?.secret ? (
            <div className="flex flex-col gap-2">
              <SecretReveal
                title={`Endpoint ${created.url} created`}
                secret={created.secret}
                warning="Your endpoint verifies each delivery's webhook-signature with it."
                onDone={() => setCreated(null)}
              />
              <WebhookReceiver url={created.url} secret={created.secret} />
              <Link href={`/webhooks/${created.token}`} className={`text-sm ${LINK}`}>
                Open the endpoint to send a test event
              </Link>
            </div>
          ) : null}
        </>
      }
      create={
        canManage && (
          // Folded unless asked for (`?add=1`, the overview's checklist link): the list comes first.
          <FormSection summary="Add an endpoint" defaultOpen={params.get('add') === '1'} className={CARD}>
            <LazyWebhookForm
              key={formKey}
              idPrefix="new-webhook"
              submitLabel="Add endpoint"
              pendingLabel="Adding…"
              onSubmit={async (input) => {
                const w = await create.mutateAsync(input);
                setCreated(w);
                setFormKey((k) => k + 1);
              }}
            />
          </FormSection>
        )
      }
      readOnly="Only your organization's admins can add, change or delete endpoints."
    >
      <DataTable
        caption="Webhook endpoints"
        columns={webhookColumns}
        data={hooks}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty={canManage ? 'No endpoints yet. Add one above to receive events.' : 'No endpoints yet.'}
      />
    </ListScreen>
  );
}
