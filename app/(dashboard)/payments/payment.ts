import type { ListPage } from '@/lib/client/list-page';
import type { ListPaymentsResponse, Party } from '@/lib/schemas/payments';

/**
 * A payment as the dashboard reads it: the wire type (lib/schemas) with its parties as the create
 * body declares them — the gateway echoes them as sent, so its response schema types them loosely.
 */
export type WithParties<P extends { debtor_party: unknown; beneficiary_party: unknown }> = Omit<
  P,
  'debtor_party' | 'beneficiary_party'
> & { debtor_party: Party; beneficiary_party: Party };

/** A payment as the list answers it (the wire type, lib/schemas); its parties read as the create body declares them. */
export type PaymentRow = WithParties<ListPaymentsResponse['payments'][number]>;
export type PaymentList = ListPage & { payments: PaymentRow[] };
