import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';
import { preparedStatements, prepareOneStatement } from './prepared';

/**
 * A write that the caller of a service asks it to make in the same statement as its change: the
 * one sanctioned way for the edge to reach into a service's SQL (docs/architecture.md, "The fast
 * path"). The HTTP edge attaches an idempotent request's record, done with the answer the service
 * is about to return, so that claim, change and stored answer cost one statement. The service does
 * not know what the part is: it only appends it and hands it its answer.
 */
export interface AttachedWrite {
  /** Fixes the part's SQL: appended to the name of every statement the part rides in. */
  readonly name: string;
  /** The part: a Drizzle write whose values are `slot`s (lib/db/prepared-writes.ts). */
  part(db: Db): SQLWrapper;
  /** Its slots' values for `answer`, what the service returns once the statement has run. */
  values(answer: unknown): Record<string, unknown>;
  /** Called once the statement holding the part has committed. */
  written(): void;
}

const statements = preparedStatements();

/**
 * A service's final write: its parts as one prepared statement (`prepareOneStatement`, atomic),
 * with the caller's attached write, if any, as one more part. `name` must fix the parts' SQL. If
 * the attached part fails (its record already exists), the whole statement writes nothing.
 */
export async function finalWrite(
  db: Db,
  attached: AttachedWrite | undefined,
  name: string,
  parts: () => Array<SQLWrapper | [string, SQLWrapper]>,
  values: Record<string, unknown>,
  answer: unknown,
): Promise<void> {
  const full = attached ? `${name}_${attached.name}` : name;
  const statement = statements(db, full, () =>
    prepareOneStatement(db, full, attached ? [[attached.name, attached.part(db)], ...parts()] : parts()),
  );
  if (!attached) {
    await statement.execute(values);
    return;
  }
  await statement.execute({ ...values, ...attached.values(answer) });
  attached.written();
}
