import { columnHelper } from '@/components/data-table/columns';
import { CUSTOMER_STATUS, type Customer } from './customer';

const col = columnHelper<Customer>();

/** The customers table's columns (read only: customers change through the API). */
export const customerColumns = col.columns([
  col.accessor('payment_address', { header: 'Payment address' }),
  col.display({
    header: 'Name',
    id: 'name',
    cell: ({ row }) => `${row.original.first_name} ${row.original.last_name}`,
  }),
  col.accessor('nick_name', { header: 'Nickname' }),
  col.accessor('status', {
    header: 'Status',
    cell: (c) => CUSTOMER_STATUS[c.getValue()] ?? String(c.getValue()),
  }),
]);
