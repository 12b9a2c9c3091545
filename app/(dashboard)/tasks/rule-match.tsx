import { Link } from '@/components/ui/link';
import { LINK } from '@/components/ui/styles';
import { ruleIdOf, ruleOwnNote } from '@/lib/domain/rules';
import type { QueueTask } from './use-queue';

/** Whether the rule the task matched changed it (held it: the queue shows no other decision). */
export const decidedByRule = (t: Pick<QueueTask, 'rule' | 'history'>) =>
  t.rule !== null && t.history.some((h) => ruleIdOf(h.updated_by) === t.rule!.id);

/**
 * The rule a task matched when it was made (DESIGN §13), named and linked to the Rules screen:
 * "Decided by rule “…”" when it changed the task; otherwise why the task is in the queue — the
 * rule sends it to review (its note), or would accept it where four eyes apply.
 */
export function RuleMatch({ task }: { task: QueueTask }) {
  const rule = task.rule;
  if (!rule) return null;
  const name = (
    <Link className={LINK} href="/rules">
      “{rule.name}”
    </Link>
  );
  if (decidedByRule(task))
    return (
      <p
        className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100"
        data-testid="decided-by-rule"
      >
        Decided by rule {name}
      </p>
    );
  const note = ruleOwnNote(task.note, rule.name);
  return (
    <section
      aria-label="Why this is in your queue"
      className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-50"
    >
      <p className="font-medium">Why this is in your queue</p>
      {rule.action === 'accept' ? (
        <p>Rule {name} would accept it, but four eyes apply: a person approves it.</p>
      ) : rule.action !== 'review' ? (
        // Its decision comes right after the task is made; a task left without it (a crash
        // between the two) is for people.
        <p>Rule {name} matched it, but its decision was not made: decide it here.</p>
      ) : (
        <p>
          Rule {name} sends it to review
          {note ? (
            <>
              : <q>{note}</q>
            </>
          ) : (
            '.'
          )}
        </p>
      )}
    </section>
  );
}
