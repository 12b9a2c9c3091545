/**
 * What of an error a log line may carry. A failed query's error holds the values it was sent
 * with — names, addresses, e-mails — in its message (`Failed query: … params: …`), in `params`,
 * and, from PostgreSQL, in `detail` (`Key (email)=(…) already exists`) and in messages such as
 * `invalid input syntax for type integer: "…"`; pino's default serializer writes them all. This
 * keeps the error's type, code, the SQL text (placeholders, no values), the constraint, table and
 * column, a message without quoted values, and the stack frames of our code, for the error and
 * its causes; never a parameter value, `detail` or `where`.
 */
const MAX_SQL = 2000;
const MAX_FRAMES = 10;
const MAX_DEPTH = 4;
const FIELDS = [
  'code',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'severity',
  'syscall',
] as const;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value)
  );
}

/** The string forms of the values a query was sent with, anywhere in the cause chain. */
function parameterValues(err: ErrorLike): string[] {
  const values: string[] = [];
  for (let e: unknown = err, i = 0; isErrorLike(e) && i < MAX_DEPTH; e = e.cause, i++) {
    if (!Array.isArray(e.params)) continue;
    for (const p of e.params) {
      if (p === null || p === undefined) continue;
      const text = typeof p === 'object' && !(p instanceof Date) ? JSON.stringify(p) : String(p);
      // Short values (a digit, a flag) would blank out the message without protecting anything.
      if (text.length >= 3) values.push(text);
    }
  }
  return values.sort((a, b) => b.length - a.length);
}

/** A message without the values it may quote: PostgreSQL quotes a value after `: ` or `value `. */
function redactMessage(message: string, values: string[] = []): string {
  let text = message.split('\nparams: ')[0]!;
  for (const v of values) text = text.split(v).join('[redacted]');
  return text.replace(/(:\s*|\bvalue\s+)"(?:[^"]|"")*"/g, '$1"[redacted]"');
}

/** The frames of our code (no message line, nothing from node_modules or Node's internals). */
function ourFrames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack
    .split('\n')
    .filter(
      (l) => /^\s+at /.test(l) && !l.includes('node_modules') && !l.includes('node:') && !l.includes('wasm:'),
    )
    .slice(0, MAX_FRAMES)
    .map((l) => l.trim());
  return frames.length > 0 ? frames.join('\n') : undefined;
}

function describeError(err: ErrorLike, values: string[], depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type:
      typeof err.constructor === 'function' && err.constructor.name !== 'Object'
        ? err.constructor.name
        : err.name,
  };
  // Drizzle's error for a failed query: its message is the SQL (kept as `sql`) and the values.
  const failedQuery = String(err.message ?? '').startsWith('Failed query: ');
  out.message = failedQuery ? 'Failed query' : redactMessage(String(err.message ?? ''), values);
  for (const field of FIELDS) {
    const value = err[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (typeof err.query === 'string') out.sql = err.query.slice(0, MAX_SQL);
  const stack = ourFrames(err.stack);
  if (stack) out.stack = stack;
  if (isErrorLike(err.cause) && depth + 1 < MAX_DEPTH)
    out.cause = describeError(err.cause, values, depth + 1);
  return out;
}

/** pino's `err` serializer (lib/api/logger.ts): every `logger.x({ err })` goes through it. */
export function loggableError(err: unknown): unknown {
  if (typeof err === 'string') return redactMessage(err);
  if (!isErrorLike(err)) return err;
  return describeError(err, parameterValues(err), 0);
}
