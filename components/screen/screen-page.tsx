import { Suspense, type ComponentType, type ReactNode } from 'react';
import { ListPageSkeleton } from '@/components/ui/skeleton';
import type { ListFilters } from '@/lib/client/queries/keys';
import type { ServerRead } from '@/lib/client/server-read';
import { readFirstPage, readRecordOrNotFound, requireMe, type Me } from '@/lib/dashboard/session';
import { canOpen, isOrganizationMember, type Role, SCREENS, whoMay } from '@/lib/domain/permissions';
import { NotForYou } from './not-for-you';
import type { ScreenProps } from './screen-props';

/** What a screen says to whoever may not open it. */
export interface Denied {
  /** What the screen is for, and where to look instead. */
  text: ReactNode;
  /** Said to the network operator instead, when it differs (it holds no namespace). */
  operator?: ReactNode;
  /** The banner's title, when the table of actions' words (`whoMay`) do not fit. */
  who?: string;
  /** The title, when not the screen's label in SCREENS. */
  title?: string;
}

const screenOf = (href: string) => {
  const screen = SCREENS.find((s) => s.href === href);
  if (!screen) throw new Error(`No screen ${href} in SCREENS`);
  return screen;
};

/**
 * The refusal of the screen at `href` (SCREENS, lib/domain/permissions.ts) to someone of `role`,
 * or null when they may open it: for a screen's page (`screenPage`), a layout over several, and
 * each record's page under a list, so that a typed or shared address gets the list's answer.
 */
export function refusal(href: string, role: Role, denied: Denied): ReactNode {
  const screen = screenOf(href);
  if (canOpen(role, href) || !screen.action) return null;
  const who = denied.who ?? whoMay(role, screen.action);
  const text = denied.operator && !isOrganizationMember(role) ? denied.operator : denied.text;
  return (
    <NotForYou title={denied.title ?? screen.label} who={who}>
      {text}
    </NotForYou>
  );
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * A screen's page, declared: the screen at `href` in SCREENS (whose action says who may open it;
 * anyone else gets `denied`, without a call to the gateway), the client `Screen` it renders with
 * who reads it (`ScreenProps`), and, where people land, the first page of its list read with the
 * HTML (`firstPage`: the gateway path and the filters the screen's query will have). A screen that
 * keeps its data per namespace says what to do when there is none yet (`needsNamespace`).
 * `loading` labels the skeleton shown while the screen's code arrives.
 *
 *   export default screenPage({ href: '/returns', Screen: ReturnsScreen, denied: { text: … } });
 */
export function screenPage({
  href,
  Screen,
  denied,
  needsNamespace,
  loading,
  firstPage,
}: {
  href: string;
  Screen: ComponentType<ScreenProps>;
  /** Absent where the folder's layout answers for it (operator/). */
  denied?: Denied;
  needsNamespace?: ReactNode;
  loading?: string;
  firstPage?: (params: URLSearchParams) => { path: string; filters: ListFilters };
}) {
  return async function Page({ searchParams }: { searchParams: SearchParams }) {
    const first = firstPage ? firstPage(await urlOf(searchParams)) : null;
    const [{ me, partnerId }, data] = await Promise.all([
      requireMe(),
      first ? readFirstPage<unknown>(first.path) : null,
    ]);
    const no = refusal(href, me.role, denied ?? { text: null });
    if (no) return no;
    if (needsNamespace && !partnerId)
      return (
        <NotForYou title={screenOf(href).label} who="No namespace yet">
          {needsNamespace}
        </NotForYou>
      );
    const props: ScreenProps = {
      role: me.role,
      userId: me.user_id,
      partnerId: partnerId ?? null,
      verified: me.organization?.status === 'verified',
      initial: first && data ? { partnerId: partnerId ?? null, data, filters: first.filters } : null,
    };
    // The screen reads the URL (`useSearchParams`): its own Suspense boundary.
    return (
      <Suspense fallback={loading ? <ListPageSkeleton label={loading} /> : null}>
        <Screen {...props} />
      </Suspense>
    );
  };
}

async function urlOf(searchParams: SearchParams): Promise<URLSearchParams> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(await searchParams)) if (typeof v === 'string') params.set(k, v);
  return params;
}

/**
 * A record's page under a list (`[id]/page.tsx`): the list's screen at `href` decides who may open
 * it, as the list does (`denied`; absent where the folder's layout answers), then the record is
 * read on the server (`read`: its gateway path from the route's decoded params; a missing id
 * renders the route's not-found page) and handed to the client screen with who reads it (`render`).
 */
export function recordPage<Params extends Record<string, string>, T = never>({
  href,
  denied,
  read,
  render,
}: {
  href: string;
  denied?: Denied;
  read?: (params: Params) => string;
  render: (page: {
    params: Params;
    me: Me;
    partnerId: string | null;
    initial: ServerRead<T> | null;
  }) => ReactNode;
}) {
  return async function Page({ params }: { params: Promise<Params> }) {
    const decoded = Object.fromEntries(
      Object.entries(await params).map(([k, v]) => [k, decodeURIComponent(v)]),
    ) as Params;
    const { me, partnerId } = await requireMe();
    const no = refusal(href, me.role, denied ?? { text: null });
    if (no) return denied ? no : null;
    const data = read ? await readRecordOrNotFound<T>(read(decoded)) : null;
    const initial = read ? { partnerId: partnerId ?? null, data: data as T } : null;
    return render({ params: decoded, me, partnerId: partnerId ?? null, initial });
  };
}
