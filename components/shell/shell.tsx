'use client';

import { SELECT_CLASS } from '@/components/ui/select';
import { Link } from '@/components/ui/link';
import { usePathname, useRouter } from 'next/navigation';
import { Fragment, lazy, Suspense, useEffect, useState } from 'react';
import type { ServerRead } from '@/lib/client/server-read';
import type { PositionList } from '@/lib/client/queries/liquidity';
import { apiFetch } from '@/lib/client/api';
import { NamespaceProvider } from '@/lib/client/namespace';
import { signOut } from '@/lib/client/sign-out';
import { PARTNER_COOKIE, partnerCookieValue } from '@/lib/domain/partner-cookie';
import type { Me } from '@/lib/schemas/organizations';
import { can, canOpen, SCREENS } from '@/lib/domain/permissions';

// Loaded on first use: the shell is on every page.
const SearchDialog = lazy(() => import('./search-dialog'));
// Loaded beside the page: it shows only near a net debit cap. Drawn on the server from the
// layout's read, so it is in the first paint and pushes nothing down when it arrives.
const LiquidityBanner = lazy(() => import('./liquidity-banner'));

/** Ctrl K (⌘ K) anywhere, or / outside a text field, opens the search. */
const opensSearch = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey
    ? e.key.toLowerCase() === 'k'
    : e.key === '/' && !/^(INPUT|TEXTAREA|SELECT)$/.test((e.target as Element).tagName)) && !e.altKey;

/**
 * The dashboard's one search box, on every page: it opens the search (search-dialog.tsx, loaded on
 * first use), as Ctrl K and / do; in the sidebar, and in the phone's top bar.
 */
const SearchBox = ({ onOpen, className }: { onOpen: () => void; className: string }) => (
  <button
    type="button"
    onClick={onOpen}
    aria-keyshortcuts="Control+K /"
    className={`${className} items-center justify-between gap-2 rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600`}
  >
    Search
    <kbd className="hidden rounded border border-slate-300 px-1 font-sans text-xs whitespace-nowrap lg:inline dark:border-slate-600">
      Ctrl K
    </kbd>
  </button>
);

export function Shell({
  me,
  partnerId,
  liquidity,
  children,
}: {
  me: Me;
  partnerId: string | null;
  /** The namespace's positions as the layout read them: the banner is in the page's first paint. */
  liquidity: ServerRead<PositionList> | null;
  children: React.ReactNode;
}) {
  const pathname = usePathname();
  const router = useRouter();
  const [selected, setSelected] = useState(partnerId);
  // Under 1024 px the sidebar is a menu over the page, opened by the top bar's button.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  const [searching, setSearching] = useState(false);
  const canSearch = selected !== null;
  useEffect(() => {
    if (!canSearch) return;
    const onKey = (e: KeyboardEvent) => {
      if (!opensSearch(e)) return;
      e.preventDefault();
      setSearching(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canSearch]);
  if (menuPath !== pathname) {
    // Following a link closes the menu (state adjusted during render, not in an effect).
    setMenuPath(pathname);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        document.getElementById('menu-button')?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  async function switchNamespace(id: string) {
    setSelected(id);
    document.cookie = `${PARTNER_COOKIE}=${partnerCookieValue(me.user_id, id)}; path=/; samesite=lax; max-age=31536000`;
    await apiFetch('/me/partner', { method: 'PUT', body: { partner_id: id }, partner: id }).catch(() => {});
    // Every query key carries the namespace (app/providers.tsx): the new one's queries read afresh;
    // the server-rendered parts are read again for it.
    router.refresh();
  }

  function toggleTheme() {
    const dark = document.documentElement.classList.toggle('dark');
    localStorage.theme = dark ? 'dark' : 'light';
  }

  // Names are shown whole in the select; the domain and environment sit under it.
  const current = me.partners.find((p) => p.token === selected);
  // Sandbox organizations are told so on every page; a verified one's sandbox namespace is test mode.
  const status = me.organization?.status;
  const sandboxNote =
    status === 'rejected'
      ? 'Sandbox — verification was declined'
      : status === 'sandbox'
        ? 'Sandbox — awaiting verification'
        : current?.environment === 'sandbox'
          ? 'Test mode — a sandbox namespace: its payments never reach production'
          : null;
  // Who sets the organization's policies (its admins) is asked, in production and without a second
  // factor, on every page but the one that sets it up.
  const nudgeSecondFactor =
    can(me.role, 'organization.manage') &&
    !me.second_factor &&
    me.partners.some((p) => p.environment === 'production') &&
    pathname !== '/sessions';
  const nav = SCREENS.filter((n) => canOpen(me.role, n.href));
  // The longest matching entry is the current one (/operator/network is not /operator).
  const activeHref = nav
    .filter((n) =>
      n.href === '/' ? pathname === '/' : pathname === n.href || pathname.startsWith(`${n.href}/`),
    )
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
  return (
    // The selected namespace reaches every query and mutation below (the page, the search, the
    // banner) through `useNamespace()`: in their keys and in the calls they make.
    <NamespaceProvider value={selected}>
      <div className="flex min-h-screen flex-col lg:flex-row">
        {/* The first Tab stop: past the menu and the sidebar's links to the page's own content. */}
        <a
          href="#main"
          className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-blue-800 shadow ring-2 ring-blue-600 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 dark:bg-slate-900 dark:text-blue-200"
        >
          Skip to content
        </a>
        {/* Outside the sidebar, which is hidden on a phone until its menu is opened. */}
        {searching ? (
          <Suspense>
            <SearchDialog onClose={() => setSearching(false)} />
          </Suspense>
        ) : null}
        <header className="sticky top-0 z-20 flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 lg:hidden print:hidden dark:border-slate-800 dark:bg-slate-900">
          <button
            id="menu-button"
            type="button"
            aria-expanded={menuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen((open) => !open)}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium dark:border-slate-600"
          >
            Menu
          </button>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">{me.organization?.name ?? 'Network operator'}</p>
            {current ? (
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                {current.name} · {current.environment}
              </p>
            ) : null}
          </div>
          {canSearch ? (
            <SearchBox onOpen={() => setSearching(true)} className="flex shrink-0 font-medium" />
          ) : null}
        </header>
        {menuOpen ? (
          <button
            type="button"
            tabIndex={-1}
            aria-label="Close menu"
            onClick={() => setMenuOpen(false)}
            className="fixed inset-0 z-30 bg-slate-900/40 lg:hidden"
          />
        ) : null}
        <aside
          id="sidebar"
          className={`${menuOpen ? 'flex' : 'hidden'} fixed inset-y-0 left-0 z-40 w-72 print:hidden max-w-[85vw] shrink-0 flex-col gap-4 overflow-y-auto border-r border-slate-200 bg-white p-4 lg:static lg:flex lg:w-60 lg:max-w-none dark:border-slate-800 dark:bg-slate-900`}
        >
          <div>
            <p className="text-sm font-semibold">{me.organization?.name ?? 'Network operator'}</p>
            <p className="truncate text-xs text-slate-600 dark:text-slate-400">
              {me.email} · {me.role}
            </p>
          </div>
          {me.partners.length > 0 ? (
            <div className="flex flex-col gap-1">
              <label
                htmlFor="namespace-switcher"
                className="text-xs font-medium text-slate-600 dark:text-slate-400"
              >
                Namespace
              </label>
              <select
                id="namespace-switcher"
                value={selected ?? ''}
                onChange={(e) => switchNamespace(e.target.value)}
                className={SELECT_CLASS}
              >
                {me.partners.map((p) => (
                  <option key={p.token} value={p.token}>
                    {p.name}
                  </option>
                ))}
              </select>
              {current ? (
                <p className="truncate text-xs text-slate-600 dark:text-slate-400" title={current.domain}>
                  {current.domain} · {current.environment}
                </p>
              ) : null}
            </div>
          ) : null}
          {canSearch ? <SearchBox onOpen={() => setSearching(true)} className="hidden lg:flex" /> : null}
          <nav aria-label="Main" className="flex flex-col gap-1">
            {nav.map((n) => {
              const active = n.href === activeHref;
              return (
                <Link
                  key={n.href}
                  href={n.href}
                  aria-current={active ? 'page' : undefined}
                  className={`rounded-md px-3 py-2 text-sm ${active ? 'bg-blue-50 font-medium text-blue-800 dark:bg-blue-950 dark:text-blue-200' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
                >
                  {n.label}
                </Link>
              );
            })}
          </nav>
          <div className="mt-auto flex flex-col gap-2">
            <button
              type="button"
              onClick={toggleTheme}
              className="rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              Toggle dark mode
            </button>
            <button
              type="button"
              onClick={() => signOut('/signin')}
              className="rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              Sign out
            </button>
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          {sandboxNote ? (
            <div
              role="status"
              className="bg-amber-100 px-4 py-2 text-sm text-amber-900 lg:px-6 dark:bg-amber-900 dark:text-amber-100"
            >
              {sandboxNote}
            </div>
          ) : null}
          {/* Near its net debit cap, the namespace is told so on every page. */}
          {selected ? (
            <Suspense>
              <LiquidityBanner key={selected} partnerId={selected} initial={liquidity} />
            </Suspense>
          ) : null}
          {nudgeSecondFactor ? (
            <div
              role="status"
              className="border-b border-blue-200 bg-blue-50 px-4 py-2 text-sm text-blue-900 lg:px-6 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100"
              data-testid="second-factor-nudge"
            >
              You administer production namespaces without a second factor: a stolen password would be enough
              to move money.{' '}
              <Link href="/sessions#second-factor" className="font-medium underline">
                Set one up on the Sessions page
              </Link>
            </div>
          ) : null}
          <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none lg:p-6">
            {/* The page is mounted anew for each namespace, in the very render that names the new one:
              its state (filters, pages, open dialogs) starts afresh and its queries, keyed by the new
              namespace, from that namespace's cache, so no frame shows the rows of the one just left. */}
            <Fragment key={selected ?? ''}>{children}</Fragment>
          </main>
        </div>
      </div>
    </NamespaceProvider>
  );
}
