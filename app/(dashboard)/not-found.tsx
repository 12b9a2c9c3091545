import { Link } from '@/components/ui/link';
import { PageTitle } from '@/components/ui/page-title';

/** A record that a dashboard page looked up and the gateway does not know, for this namespace. */
export default function DashboardNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-start gap-4 py-12">
      <p className="text-sm font-semibold text-blue-700 dark:text-blue-400">404</p>
      <PageTitle>Not found</PageTitle>
      <p className="text-slate-600 dark:text-slate-400">
        Nothing with this id in the selected namespace. It may belong to another of your namespaces (switch it
        in the sidebar), or the link may be mistyped.
      </p>
      <Link
        href="/"
        className="rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700"
      >
        Back to the overview
      </Link>
    </div>
  );
}
