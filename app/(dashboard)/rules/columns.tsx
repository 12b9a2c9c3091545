import { actionsColumn } from '@/components/data-table/actions-column';
import { columnHelper } from '@/components/data-table/columns';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { formatCount } from '@/lib/client/format';
import type { Rule } from '@/lib/client/queries/rules';
import type { RuleConditions } from '@/lib/domain/rules';
import { actionInWords, conditionsInWords } from '@/lib/domain/rule-words';
import { taskLabel } from '../tasks/task-names';

const col = columnHelper<Rule>();

/** What an admin does to a row: each a request of its own (the list is read again after it). */
interface RuleActions {
  busy: boolean;
  move: (rule: Rule, by: -1 | 1) => void;
  enable: (rule: Rule, enabled: boolean) => void;
  edit: (rule: Rule) => void;
  remove: (rule: Rule) => void;
}

/** "All tasks", or the tasks it decides by name. */
const tasksInWords = (names: readonly string[] | null) =>
  names?.length ? names.map(taskLabel).join(', ') : 'All tasks';

/** Up and down beside the rule's place: the order is the evaluation order. */
function Order({ rule, count, a }: { rule: Rule; count: number; a: RuleActions | null }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span className="w-5 font-medium tabular-nums" data-testid="rule-position">
        {rule.position}
      </span>
      {a ? (
        <>
          <Button
            variant="secondary"
            className="px-1.5 py-0.5"
            aria-label={`Move “${rule.name}” up`}
            disabled={a.busy || rule.position <= 1}
            onClick={() => a.move(rule, -1)}
          >
            <span aria-hidden="true">↑</span>
          </Button>
          <Button
            variant="secondary"
            className="px-1.5 py-0.5"
            aria-label={`Move “${rule.name}” down`}
            disabled={a.busy || rule.position >= count}
            onClick={() => a.move(rule, 1)}
          >
            <span aria-hidden="true">↓</span>
          </Button>
        </>
      ) : null}
    </span>
  );
}

/**
 * The rules table's columns, in evaluation order: its place (moved up and down by admins), name
 * and tasks, conditions and action in words, hits, and whether it is on (a switch for admins, a
 * word for everyone else). `a` null: the reader may not change rules, and gets no controls.
 */
export function ruleColumns(a: RuleActions | null, count: number) {
  return col.columns([
    col.display({
      header: 'Order',
      id: 'position',
      cell: ({ row }) => <Order rule={row.original} count={count} a={a} />,
    }),
    col.display({
      header: 'Rule',
      id: 'name',
      cell: ({ row }) => (
        <span className="flex min-w-40 flex-col">
          <span className="font-medium">{row.original.name}</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {tasksInWords(row.original.task_names)}
          </span>
        </span>
      ),
    }),
    col.display({
      header: 'When',
      id: 'conditions',
      cell: ({ row }) => {
        const words = conditionsInWords(row.original.conditions as RuleConditions);
        return <span className="block min-w-48">{words.length ? words.join(', ') : 'Every task'}</span>;
      },
    }),
    col.display({
      header: 'Then',
      id: 'action',
      cell: ({ row }) => (
        <span className="flex min-w-36 flex-col">
          <span>{actionInWords(row.original.action, row.original.reason)}</span>
          {row.original.note ? (
            <span className="text-xs break-words text-slate-600 dark:text-slate-400">
              “{row.original.note}”
            </span>
          ) : null}
        </span>
      ),
    }),
    col.display({
      header: 'Hits 24 h / 30 d',
      id: 'hits',
      cell: ({ row }) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatCount(row.original.hits.last_24h)} / {formatCount(row.original.hits.last_30d)}
        </span>
      ),
    }),
    col.display({
      header: 'Enabled',
      id: 'enabled',
      cell: ({ row }) =>
        a ? (
          <Switch
            checked={row.original.enabled}
            label={`Enabled: ${row.original.name}`}
            disabled={a.busy}
            onChange={(on) => a.enable(row.original, on)}
          />
        ) : row.original.enabled ? (
          <Badge tone="green">On</Badge>
        ) : (
          <Badge tone="slate">Off</Badge>
        ),
    }),
    ...actionsColumn<Rule>(
      a &&
        ((r) => (
          <>
            <Button variant="secondary" aria-label={`Edit “${r.name}”`} onClick={() => a.edit(r)}>
              Edit
            </Button>
            <Button
              variant="secondary"
              aria-label={`Delete “${r.name}”`}
              disabled={a.busy}
              onClick={() => a.remove(r)}
            >
              Delete…
            </Button>
          </>
        )),
    ),
  ]);
}
