import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiClientError } from './api';

/**
 * Every form's way of showing the gateway's refusal: under the field the envelope names (`field`,
 * the request's wire name) when the form has it, else above the form's buttons (`root`). `fields`
 * maps wire names to the form's own where they differ (`{ counterparty_domain: 'domain' }`); a
 * wire name the form also uses needs no entry. Any other error (the network's) goes to `root`.
 */
export function showServerError<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: Error,
  fields: Partial<Record<string, FieldPath<T>>> = {},
): void {
  const wire = error instanceof ApiClientError ? error.field : null;
  const mapped = wire ? (fields[wire] ?? fields[wire.split('.')[0]!]) : undefined;
  const own = wire && form.getValues(wire as FieldPath<T>) !== undefined ? (wire as FieldPath<T>) : undefined;
  form.setError(mapped ?? own ?? ('root' as FieldPath<T>), { message: error.message }, { shouldFocus: true });
}
