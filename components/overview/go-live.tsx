import { Link } from '@/components/ui/link';
import { LINK } from '@/components/ui/styles';

/**
 * The step after verification: a verified organization that has no production namespace yet is
 * told what going live takes. Rendered on the server (no client code).
 */
export function GoLive() {
  return (
    <section
      aria-labelledby="go-live-title"
      className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm dark:border-emerald-900 dark:bg-emerald-950"
    >
      <h2 id="go-live-title" className="font-medium">
        Going live
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        Your organization is verified. Sandbox and production never transact with each other, so going live
        means production credentials beside the sandbox ones:
      </p>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>
          <Link href="/namespaces" className={LINK}>
            Create a production namespace
          </Link>{' '}
          with the domain your payment addresses use.
        </li>
        <li>
          Switch to it and{' '}
          <Link href="/api-keys" className={LINK}>
            create an API key
          </Link>{' '}
          there: live keys begin <code>sk_live_</code>.
        </li>
        <li>
          <Link href="/links" className={LINK}>
            Propose links
          </Link>{' '}
          to your counterparties&apos; production namespaces; payments flow once they accept.
        </li>
        <li>
          <Link href="/webhooks" className={LINK}>
            Add a webhook
          </Link>{' '}
          for the production namespace: each namespace has its own.
        </li>
      </ol>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Your sandbox namespace stays for testing, marked “Test mode”.
      </p>
    </section>
  );
}
