import { describe, expect, it } from 'vitest';
import { paymentFilters } from '@/app/(dashboard)/payments/search-params';
import { orderIn } from './list-order';

const url = (q: string) => new URLSearchParams(q);

describe('a list order in the URL', () => {
  it('is the list’s own unless the URL names the other', () => {
    expect(orderIn(url(''), 'desc')).toBe('desc');
    expect(orderIn(url('order=asc'), 'desc')).toBe('asc');
    expect(orderIn(url('order=desc'), 'desc')).toBe('desc');
    expect(orderIn(url('order=oldest'), 'desc')).toBe('desc');
    // A page's second list reads its own key.
    expect(orderIn(url('order=asc'), 'desc', 'deliveries')).toBe('desc');
    expect(orderIn(url('deliveries.order=asc'), 'desc', 'deliveries')).toBe('asc');
  });

  it('reaches the gateway only when it is not the payments list’s own', () => {
    const order = (q: string) => paymentFilters(url(q)).get('order');
    expect(order('order=asc')).toBe('asc');
    expect(order('order=desc')).toBeNull();
    expect(order('order=sideways')).toBeNull();
    // With an id prefix the list is in payment_id order, A to Z: its other way is desc.
    expect(order('payment_id=pay_1&order=desc')).toBe('desc');
    expect(order('payment_id=pay_1&order=asc')).toBeNull();
  });
});
