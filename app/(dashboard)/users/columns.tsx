import { columnHelper } from '@/components/data-table/columns';
import { Button } from '@/components/ui/button';
import { SELECT_CLASS } from '@/components/ui/select';
import { formatUtc } from '@/lib/client/format';
import { ORGANIZATION_ROLES } from '@/lib/domain/permissions';
import type { User } from './user';
import type { UserAct } from './user-action-dialog';
import { actionsColumn } from '@/components/data-table/actions-column';

const col = columnHelper<User>();

/** What the users table needs: who is signed in, when the list was read, and the admin's actions. */
export interface UserColumnsOf {
  myUserId: string;
  /** When the list was read: an invitation past it shows as expired. */
  readAt: number;
  changingRole: boolean;
  setRole: (u: User, role: string) => void;
  /** A removal, sign-out or reset is under way. */
  busy: boolean;
  act: (u: User, act: UserAct) => void;
}

/** A row's action buttons: what each does, its text and its accessible name. */
interface RowAct {
  act: UserAct;
  label: string;
  name: (email: string) => string;
  danger?: boolean;
}
const USER_ACTS: RowAct[] = [
  { act: 'signOut', label: 'Sign out', name: (e) => `Sign out ${e} everywhere` },
  { act: 'reset', label: 'Reset access', name: (e) => `Reset access of ${e}` },
  { act: 'remove', label: 'Remove', name: (e) => `Remove ${e}`, danger: true },
];
const INVITATION_ACTS: RowAct[] = [
  { act: 'newLink', label: 'New link', name: (e) => `New invitation link for ${e}` },
  { act: 'revoke', label: 'Revoke', name: (e) => `Revoke the invitation of ${e}`, danger: true },
];

/** The users table's columns (the screen is for admins only). */
export function userColumns(a: UserColumnsOf) {
  return col.columns([
    col.display({
      header: 'Email',
      id: 'email',
      cell: ({ row }) => (
        <>
          {row.original.email}
          {row.original.token === a.myUserId ? (
            <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">(you)</span>
          ) : null}
        </>
      ),
    }),
    col.accessor('name', { header: 'Name' }),
    col.display({
      header: 'Status',
      id: 'status',
      cell: ({ row }) => {
        const until = row.original.invitation_expires_at;
        if (!until) return 'Active';
        return until.seconds * 1000 > a.readAt ? (
          <span title={`The link works until ${formatUtc(new Date(until.seconds * 1000))}`}>
            Invited: no password yet
          </span>
        ) : (
          <span className="text-red-700 dark:text-red-300">Invitation expired: make a new link</span>
        );
      },
    }),
    col.display({
      header: 'Role',
      id: 'role',
      cell: ({ row }) => (
        <select
          aria-label={`Role of ${row.original.email}`}
          value={row.original.role}
          disabled={a.changingRole}
          onChange={(e) => a.setRole(row.original, e.target.value)}
          className={SELECT_CLASS}
        >
          {ORGANIZATION_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      ),
    }),
    // Oneself: another admin removes a departing admin (the gateway refuses it too). A pending
    // invitation has no session, password or second factor yet: a new link, or revoke it.
    ...actionsColumn<User>((u) =>
      u.token === a.myUserId ? null : (
        <>
          {(u.invitation_expires_at ? INVITATION_ACTS : USER_ACTS).map(({ act, label, name, danger }) => (
            <Button
              key={act}
              variant={danger ? 'danger' : 'secondary'}
              disabled={a.busy}
              aria-label={name(u.email)}
              onClick={() => a.act(u, act)}
            >
              {label}
            </Button>
          ))}
        </>
      ),
    ),
  ]);
}
