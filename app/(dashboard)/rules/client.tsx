'use client';

import { lazy, Suspense, useState } from 'react';
import { defineListScreen } from '@/components/screen/list-screen';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import {
  ruleQueries,
  useDeleteRule,
  useReorderRules,
  useUpdateRule,
  type Rule,
} from '@/lib/client/queries/rules';
import { ruleColumns } from './columns';

// The form, its checks and the backtest: fetched when a rule is first added or edited, not with
// the list (the page's first-load budget).
const loadRuleDialog = () => import('./rule-dialog');
const preloadRuleDialog = () => void loadRuleDialog();
const RuleDialog = lazy(() => loadRuleDialog().then((m) => ({ default: m.RuleDialog })));

/** The rule being written (`'new'`) or changed; null: no dialog. */
type Editing = Rule | 'new' | null;

/**
 * The namespace's admission rules (DESIGN §13) in evaluation order: the first enabled rule whose
 * conditions all hold decides a new task. Everyone of the organization reads them; admins add,
 * change, reorder, enable and delete them (`rules.manage`).
 */
export const RulesScreen = defineListScreen({
  title: 'Rules',
  description: (
    <>
      Rules decide this namespace&apos;s new admission tasks the moment they are made, read in this order: the
      first enabled rule whose conditions all hold accepts, rejects, holds or sends the task to review. A task
      no rule decides waits in the task queue for people. A rule never accepts where four eyes apply.
    </>
  ),
  query: ruleQueries.list,
  rows: (d) => d.rules,
  caption: 'Admission rules',
  // The gateway keeps at most 100 rules per namespace, answered at once.
  limit: 100,
  manage: 'rules.manage',
  useControls: ({ query }) => {
    const toast = useToast();
    const [editing, setEditing] = useState<Editing>(null);
    const [deleting, setDeleting] = useState<Rule | null>(null);
    const update = useUpdateRule();
    const reorder = useReorderRules();
    const remove = useDeleteRule();
    const rules = query.data?.rules ?? [];
    const fail = (e: Error) => toast('error', e.message);
    return {
      editing,
      setEditing,
      deleting,
      setDeleting,
      remove,
      busy: update.isPending || reorder.isPending || remove.isPending,
      enable: (r: Rule, enabled: boolean) =>
        update.mutate(
          { id: r.id, enabled },
          {
            onSuccess: () => toast('success', `Rule “${r.name}” ${enabled ? 'enabled' : 'disabled'}`),
            onError: fail,
          },
        ),
      // The whole order goes back, the rule swapped with its neighbour.
      move: (r: Rule, by: -1 | 1) => {
        const ids = rules.map((x) => x.id);
        const at = ids.indexOf(r.id);
        const to = at + by;
        if (at < 0 || to < 0 || to >= ids.length) return;
        [ids[at], ids[to]] = [ids[to]!, ids[at]!];
        reorder.mutate(ids, {
          onSuccess: () => toast('success', `Rule “${r.name}” moved to place ${to + 1}`),
          onError: fail,
        });
      },
      confirmDelete: () =>
        deleting &&
        remove.mutate(deleting.id, {
          onSuccess: () => toast('success', `Rule “${deleting.name}” deleted`),
          onError: fail,
          onSettled: () => setDeleting(null),
        }),
    };
  },
  create: ({ controls: c }) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        onPointerEnter={preloadRuleDialog}
        onFocus={preloadRuleDialog}
        onClick={() => c.setEditing('new')}
      >
        Add a rule
      </Button>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Test a rule on this namespace&apos;s history before you save it.
      </p>
    </div>
  ),
  readOnly: "Only your organization's admins can add, change, reorder, enable or delete rules.",
  columns: ({ canManage, query, controls: c }) =>
    ruleColumns(
      canManage
        ? {
            busy: c.busy,
            move: c.move,
            enable: c.enable,
            edit: (r) => {
              preloadRuleDialog();
              c.setEditing(r);
            },
            remove: c.setDeleting,
          }
        : null,
      query.data?.rules.length ?? 0,
    ),
  empty: ({ canManage }) =>
    canManage
      ? 'No rules yet: every new task waits in the queue for people. Add one above.'
      : 'No rules yet: every new task waits in the queue for people.',
  after: ({ controls: c }) => (
    <>
      {c.editing ? (
        <Suspense fallback={null}>
          <RuleDialog
            key={c.editing === 'new' ? 'new' : c.editing.id}
            rule={c.editing === 'new' ? null : c.editing}
            onClose={() => c.setEditing(null)}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={c.deleting !== null}
        title={`Delete “${c.deleting?.name ?? ''}”?`}
        confirmLabel={c.remove.isPending ? 'Deleting…' : 'Delete'}
        busy={c.remove.isPending}
        onConfirm={c.confirmDelete}
        onCancel={() => c.setDeleting(null)}
      >
        New tasks are no longer decided by it; the tasks it decided keep its name in their history. To stop it
        for a while, turn it off instead.
      </ConfirmDialog>
    </>
  ),
});
