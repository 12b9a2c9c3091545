import Link from 'next/link';
import { requireMe } from '@/lib/dashboard/session';

export default async function OverviewPage() {
  const { me, partnerId } = await requireMe();
  const ns = me.partners.find((p) => p.token === partnerId);
  const cards = [
    {
      href: '/namespaces',
      title: 'Namespaces',
      text: 'Domains of your payment addresses; enable or disable them.',
    },
    {
      href: '/api-keys',
      title: 'API keys',
      text: 'Credentials of your back end, with rotation and revocation.',
    },
    { href: '/docs', title: 'API reference', text: 'Every gateway operation, generated from the code.' },
  ];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Overview</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {ns
            ? `${ns.name} · ${ns.domain} (${ns.environment})`
            : me.role === 'operator'
              ? 'Network operator'
              : 'No namespace yet'}
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {cards.map((c) => (
          <Link
            key={c.href}
            href={c.href}
            className="rounded-lg border border-slate-200 bg-white p-4 hover:border-blue-400 dark:border-slate-800 dark:bg-slate-900"
          >
            <h2 className="font-medium">{c.title}</h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{c.text}</p>
          </Link>
        ))}
      </div>
    </div>
  );
}
