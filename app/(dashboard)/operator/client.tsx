'use client';

import { SelectField } from '@/components/ui/field';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/link';
import { DataTable } from '@/components/data-table/data-table';
import { usePaging, useUrlState } from '@/lib/client/use-url-state';
import { useOrgDecision } from './decision';
import { LINK } from '@/components/ui/styles';
import { PageTitle } from '@/components/ui/page-title';
import { organizationColumns } from './columns';
import { organizationQueries } from '@/lib/client/queries/operator';
import { useNamespace } from '@/lib/client/namespace';

const LIMIT = 20;

export function OperatorClient() {
  const ns = useNamespace();
  const { params, set } = useUrlState();
  const paging = usePaging();
  const status = params.get('status') ?? 'sandbox';
  const query = useQuery(organizationQueries.list(ns, { limit: LIMIT, status, ...paging.query }));
  const decision = useOrgDecision();
  const columns = organizationColumns(decision);
  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        description={
          <>
            Network figures, settlement cut-offs and the latest batches are on the{' '}
            <Link href="/operator/network" className={LINK}>
              Network
            </Link>{' '}
            page.
          </>
        }
      >
        Organizations
      </PageTitle>
      <div className="flex items-end gap-3">
        <SelectField
          label="Status"
          id="status-filter"
          value={status}
          onChange={(e) => set({ status: e.target.value })}
        >
          <option value="sandbox">Awaiting verification</option>
          <option value="verified">Verified</option>
          <option value="rejected">Rejected</option>
        </SelectField>
      </div>
      <DataTable
        caption="Organizations"
        columns={columns}
        data={query.data?.organizations ?? []}
        list={query.data}
        limit={LIMIT}
        paging={paging}
        isLoading={query.isLoading}
        empty="No organizations with this status."
      />
      {decision.dialog}
    </div>
  );
}
