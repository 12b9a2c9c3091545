'use client';

import { defineListScreen } from '@/components/screen/list-screen';
import { accountReviewQueries } from '@/lib/client/queries/operator';
import { useOperatorDecision } from '../decision';
import { reviewColumns, type AwaitingAccount } from './columns';

/** The operator's queue of production accounts to verify, oldest first; each decision needs a note. */
export const AccountsReviewScreen = defineListScreen({
  title: 'Accounts to verify',
  description:
    'Settlement accounts of production namespaces, oldest first. Sandbox namespaces verify their own.',
  query: accountReviewQueries.list,
  rows: (d) => d.accounts,
  caption: 'Accounts awaiting verification',
  limit: 20,
  empty: 'No account is waiting for verification.',
  useControls: () =>
    useOperatorDecision<AwaitingAccount>({
      noun: 'account',
      name: (a) => a.account_title,
      key: (a) => a.token,
      path: (a, verb) => `/operator/accounts/${a.token}/${verb}`,
      consequence: (a, verb) =>
        `${
          verb === 'reject'
            ? 'The account stays unverified and leaves this queue; the organization adds a corrected one.'
            : 'Settlement may then use this account.'
        } ${a.organization.name} · ${a.namespace.domain}`,
      done: (a, verb) =>
        `${a.account_title} (${a.namespace.domain}) ${verb === 'verify' ? 'verified' : 'rejected'}`,
      invalidates: accountReviewQueries.keys.all,
    }),
  columns: ({ controls }) => reviewColumns(controls),
  after: ({ controls }) => controls.dialog,
});
