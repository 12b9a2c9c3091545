import type { ServiceContext, NamespaceInfo } from '@/lib/services/context';
import { UnauthorizedError, ValidationError } from '@/lib/errors';
import { config } from '@/lib/config';

/** The namespace selected by x-partner-id (routes that declare it `required` always have one). */
export function requireNamespace(ctx: ServiceContext): NamespaceInfo {
  if (!ctx.namespace) throw new ValidationError('Missing required header x-partner-id', null);
  return ctx.namespace;
}

export function requireOrg(ctx: ServiceContext): string {
  if (!ctx.orgId) throw new UnauthorizedError('This operation needs an organization credential');
  return ctx.orgId;
}

/**
 * A payment's or return's amount within this deployment's maximum (PAYMENT_MAX_MINOR_UNITS; the
 * schemas already hold the network's 10^15): a 400 naming the field and the limit.
 */
export function checkPaymentMaximum(total: string, field: string): void {
  const max = config.paymentMaxMinorUnits;
  if (BigInt(total) > max)
    throw new ValidationError(
      `${field} must be at most ${max} minor units, this network's largest payment (PAYMENT_MAX_MINOR_UNITS)`,
      field,
    );
}
