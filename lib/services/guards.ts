import type { ServiceContext, NamespaceInfo } from '@/lib/services/context';
import { UnauthorizedError, ValidationError } from '@/lib/errors';

/** The namespace selected by x-partner-id (routes that declare it `required` always have one). */
export function requireNamespace(ctx: ServiceContext): NamespaceInfo {
  if (!ctx.namespace) throw new ValidationError('Missing required header x-partner-id');
  return ctx.namespace;
}

export function requireOrg(ctx: ServiceContext): string {
  if (!ctx.orgId) throw new UnauthorizedError('This operation needs an organization credential');
  return ctx.orgId;
}
