'use client';

import { useForm } from 'react-hook-form';
import { FormFooter } from '@/components/ui/form-footer';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { ApiClientError } from '@/lib/client/api';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { useCreateRule, useUpdateRule, type Rule } from '@/lib/client/queries/rules';
import { showServerError } from '@/lib/client/server-error';
import { Backtest } from './backtest';
import { RuleFields } from './rule-fields';
import { ruleFieldOf, ruleInput, ruleValues, type RuleValues } from './rule-values';

const ruleResolver = lazyResolver(() => import('./rule-schema').then((m) => m.ruleResolver));

/**
 * A rule written or changed in a dialog, its backtest beside it (below it on a phone): the form
 * in words and money (rule-fields.tsx), "Test on history" on what is typed (backtest.tsx), then
 * Save. A new rule goes last in the order; a change keeps its place. Loaded when first opened
 * (React.lazy in client.tsx), mounted only while open.
 */
export function RuleDialog({ rule, onClose }: { rule: Rule | null; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateRule();
  const update = useUpdateRule();
  const form = useForm<RuleValues>({ resolver: ruleResolver, defaultValues: ruleValues(rule) });
  const pending = create.isPending || update.isPending;

  const save = form.handleSubmit(async (v) => {
    const input = ruleInput(v);
    try {
      const saved = rule
        ? await update.mutateAsync({ id: rule.id, ...input })
        : await create.mutateAsync(input);
      toast('success', `Rule “${saved.name}” ${rule ? 'saved' : `added at place ${saved.position}`}`);
      onClose();
    } catch (e) {
      const err = e instanceof Error ? e : new Error(String(e));
      const wire = err instanceof ApiClientError ? err.field : null;
      const field = ruleFieldOf(wire);
      showServerError(form, err, wire && field ? { [wire]: field } : {});
    }
  });

  return (
    <Modal
      onClose={() => !pending && onClose()}
      labelledBy="rule-dialog-title"
      className="max-h-[94dvh] max-w-6xl overflow-y-auto p-4 sm:p-6"
    >
      <form onSubmit={save} noValidate className="flex flex-col gap-4">
        <h2 id="rule-dialog-title" className="text-lg font-semibold">
          {rule ? `Edit “${rule.name}”` : 'Add a rule'}
        </h2>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <RuleFields form={form} />
          <Backtest form={form} />
        </div>
        <FormFooter
          layout="dialog"
          form={form}
          submit={rule ? 'Save rule' : 'Add rule'}
          busy="Saving…"
          pending={pending}
          cancel={{ onClick: onClose, disabled: pending }}
        />
      </form>
    </Modal>
  );
}
