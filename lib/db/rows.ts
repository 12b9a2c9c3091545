/** The rows of a raw `db.execute(sql…)` result: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return ((result as { rows?: Array<Record<string, unknown>> }).rows ??
    (result as Array<Record<string, unknown>>)) as Array<Record<string, unknown>>;
}
