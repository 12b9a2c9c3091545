'use client';

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/client/api';
import { useNamespace } from '@/lib/client/namespace';
import type { ListPage } from '@/lib/client/list-page';
import type { CreateRuleBody, Rule, TestRuleBody, TestRuleResponse } from '@/lib/schemas/rules';
import { keysOf, type ListFilters } from './keys';

/** The wire types, declared once in lib/schemas (type only: no bundle cost). */
export type { Rule, TestRuleResponse };
/** What the rule form sends: a rule as created (its place aside); a change sends the same fields. */
export type RuleInput = Omit<CreateRuleBody, 'position'>;

const path = (id: string) => `/rules/${encodeURIComponent(id)}`;

/**
 * A namespace's admission rules, `[rules, ns, filters]`. The gateway answers them all at once, in
 * evaluation order (at most 100, lib/schemas/rules.ts: no cursor, and no query parameter taken):
 * the list's key keeps the list screen's filters like any other, its page is the one page.
 */
const ruleKeys = keysOf('rules');

export const ruleQueries = {
  keys: ruleKeys,
  list: (ns: string | null, filters: ListFilters) =>
    queryOptions({
      queryKey: ruleKeys.of(ns, filters),
      queryFn: async (): Promise<ListPage & { count: number; rules: Rule[] }> => ({
        ...(await apiFetch<{ count: number; rules: Rule[] }>('/rules', { partner: ns })),
        has_more: false,
        next_cursor: null,
        prev_cursor: null,
      }),
    }),
};

/** Every change of a rule reads the namespace's rules again (order and hit counts included). */
function useRuleMutation<TVars, TData>(fn: (vars: TVars, ns: string | null) => Promise<TData>) {
  const qc = useQueryClient();
  const ns = useNamespace();
  return useMutation({
    mutationFn: (vars: TVars) => fn(vars, ns),
    onSuccess: () => qc.invalidateQueries({ queryKey: ruleKeys.all }),
  });
}

export const useCreateRule = () =>
  useRuleMutation((input: RuleInput, ns) =>
    apiFetch<Rule>('/rules', { method: 'POST', body: input, partner: ns }),
  );

export const useUpdateRule = () =>
  useRuleMutation(({ id, ...body }: Partial<RuleInput> & { id: string }, ns) =>
    apiFetch<Rule>(path(id), { method: 'PATCH', body, partner: ns }),
  );

export const useDeleteRule = () =>
  useRuleMutation((id: string, ns) => apiFetch<object>(path(id), { method: 'DELETE', partner: ns }));

/** The whole order, every rule once (`POST /rules/reorder`). */
export const useReorderRules = () =>
  useRuleMutation((ids: string[], ns) =>
    apiFetch<{ count: number; rules: Rule[] }>('/rules/reorder', {
      method: 'POST',
      body: { ids },
      partner: ns,
    }),
  );

/** The backtest: what the rule, placed first, would have done in the range; it changes nothing. */
export function useTestRule() {
  const ns = useNamespace();
  return useMutation({
    mutationFn: (body: TestRuleBody) =>
      apiFetch<TestRuleResponse>('/rules/test', { method: 'POST', body, partner: ns }),
  });
}
