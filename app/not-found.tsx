import { Link } from '@/components/ui/link';
import { PageTitle } from '@/components/ui/page-title';

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-sm font-semibold text-blue-700 dark:text-blue-400">404</p>
      <PageTitle>Page not found</PageTitle>
      <p className="text-slate-600 dark:text-slate-400">
        The page you asked for does not exist, or you cannot see it.
      </p>
      <Link
        href="/"
        className="rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700"
      >
        Back to the overview
      </Link>
    </main>
  );
}
