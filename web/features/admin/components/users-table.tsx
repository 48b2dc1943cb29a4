import type { AdminUser } from '@contract/admin';
import { Button } from '@/components/ui/button';
import type { AccountAction } from '../api/change-admin-user';

const COLUMNS = ['Email', 'Name', 'Role', 'Status', 'Created', 'Last seen'];

/** The row's buttons; an invitation link is offered in the reset password dialog. */
type RowAction = Exclude<AccountAction, 'invite'>;

const ACTION_LABELS: Record<RowAction, string> = {
  disable: 'Disable',
  enable: 'Enable',
  'reset-password': 'Reset password',
  'make-admin': 'Make admin',
  'remove-admin': 'Remove admin',
};

function actionsFor(user: AdminUser): RowAction[] {
  return [user.status === 'active' ? 'disable' : 'enable', 'reset-password', user.role === 'admin' ? 'remove-admin' : 'make-admin'];
}

function day(iso: string | null): string {
  return iso ? new Date(iso).toLocaleDateString() : 'Never';
}

/** The accounts, each with its actions; `onAction` asks for confirmation where it matters. */
export function UsersTable({
  users,
  manageable,
  onAction,
  onShowTokens,
}: {
  users: AdminUser[];
  manageable: boolean;
  onAction: (user: AdminUser, action: AccountAction) => void;
  /** API tokens can be listed and revoked with any identity provider. */
  onShowTokens: (user: AdminUser) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 dark:border-slate-800">
      <table className="w-full text-left text-sm text-slate-800 dark:text-slate-200">
        <caption className="sr-only">Users</caption>
        <thead className="bg-slate-100 text-xs uppercase text-slate-700 dark:bg-slate-900 dark:text-slate-300">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2">
                {column}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-t border-slate-200 dark:border-slate-800">
              <th scope="row" className="px-3 py-2 font-medium">
                {user.email ?? '-'}
              </th>
              <td className="px-3 py-2">{user.name ?? '-'}</td>
              <td className="px-3 py-2">{user.role === 'admin' ? 'Administrator' : 'User'}</td>
              <td className="px-3 py-2">{user.status === 'active' ? 'Active' : 'Disabled'}</td>
              <td className="px-3 py-2">{day(user.createdAt)}</td>
              <td className="px-3 py-2">{day(user.lastSeenAt)}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-1">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={`API tokens ${user.email ?? user.name ?? ''}`.trim()}
                    onClick={() => onShowTokens(user)}
                  >
                    API tokens
                  </Button>
                  {manageable &&
                    actionsFor(user).map((action) => (
                      <Button
                        key={action}
                        type="button"
                        size="sm"
                        variant={action === 'disable' ? 'destructive' : 'outline'}
                        aria-label={`${ACTION_LABELS[action]} ${user.email ?? ''}`.trim()}
                        onClick={() => onAction(user, action)}
                      >
                        {ACTION_LABELS[action]}
                      </Button>
                    ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
