'use client';

import { Link } from '@/components/ui/link';
import { usePathname } from 'next/navigation';
import { PageTitle } from '@/components/ui/page-title';

/**
 * The not-found page of a record screen (`/payments/x`, `/accounts/acct_x`): the `not-found.tsx`
 * of a page read on the server, or what a screen read in the browser shows for a 404
 * (`isNotFound`). Next.js gives not-found pages no params, so the id is read from the URL.
 */
export function RecordNotFound({
  noun,
  backHref,
  backLabel,
  where,
}: {
  noun: string;
  backHref: string;
  backLabel: string;
  /** Where it was looked for, when not the selected namespace (the operator's records: the network). */
  where?: string;
}) {
  const last = usePathname().split('/').pop() ?? '';
  let id = last;
  try {
    id = decodeURIComponent(last);
  } catch {
    // a malformed escape: show it as typed
  }
  return (
    <div className="mx-auto flex max-w-lg flex-col items-start gap-4 py-12">
      <p className="text-sm font-semibold text-blue-700 dark:text-blue-400">404</p>
      <PageTitle className="wrap-anywhere">
        {noun} {id} not found
      </PageTitle>
      <p className="text-slate-600 dark:text-slate-400">
        {where
          ? `There is no ${noun.toLowerCase()} with this id ${where}. The link may be mistyped.`
          : `There is no ${noun.toLowerCase()} with this id in the selected namespace. It may belong to another of your namespaces (switch it in the sidebar), or the link may be mistyped.`}
      </p>
      <Link
        href={backHref}
        className="rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700"
      >
        {backLabel}
      </Link>
    </div>
  );
}
