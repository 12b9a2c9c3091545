import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiClientError } from './api';

/**
 * Every form's way of showing the gateway's refusal: under the field the envelope names (`field`,
 * the request's wire name) when the form has it, else above the form's buttons (`root`). `fields`
 * maps wire names to the form's own where they differ (`{ counterparty_domain: 'domain' }`); a
 * wire name the form also uses needs no entry. Any other error (the network's) goes to `root`.
 * Under its field, a message that starts by naming it (`admin_password: choose…`, as the
 * gateway's messages name the field for an integrator) drops that name: the field's label says
 * which it is, and a reader was never told `admin_password`.
 */
export function showServerError<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: Error,
  fields: Partial<Record<string, FieldPath<T>>> = {},
): void {
  const wire = error instanceof ApiClientError ? error.field : null;
  const mapped = wire ? (fields[wire] ?? fields[wire.split('.')[0]!]) : undefined;
  const own = wire && form.getValues(wire as FieldPath<T>) !== undefined ? (wire as FieldPath<T>) : undefined;
  const field = mapped ?? own;
  const message = field && wire ? withoutFieldName(error.message, wire) : error.message;
  form.setError(field ?? ('root' as FieldPath<T>), { message }, { shouldFocus: true });
}

/** `amount: at most 0 minor units remain` → `At most 0 minor units remain` (the message as it is otherwise). */
function withoutFieldName(message: string, wire: string): string {
  const prefix = `${wire}: `;
  if (!message.startsWith(prefix) || message.length === prefix.length) return message;
  const rest = message.slice(prefix.length);
  return rest[0]!.toUpperCase() + rest.slice(1);
}
