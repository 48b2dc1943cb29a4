import type { AdminUser, AdminUserResult } from '@contract/admin';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { getErrorMessage } from '@/lib/handle-error';
import { useChangeAdminUser, type AccountAction } from '../api/change-admin-user';
import { useAdminUsers } from '../api/get-admin-users';
import { AddUserForm } from './add-user-form';
import { handedOutBy, ShownOnce, type HandedOut } from './shown-once';
import { UsersTable } from './users-table';
import { UserTokensDialog } from './user-tokens-dialog';

interface Confirmation {
  title: string;
  text: string;
  confirm: string;
  /** A second way to do it, offered in the same dialog. */
  alternative?: { action: AccountAction; label: string };
}

const CONFIRMATIONS: Partial<Record<AccountAction, Confirmation>> = {
  disable: {
    title: 'Disable this account?',
    text: 'They are signed out at once, cannot sign in until enabled again, and any invitation link stops working.',
    confirm: 'Disable',
  },
  'reset-password': {
    title: 'Reset the password?',
    text: 'Their password stops working, their sessions end and their API tokens are revoked. Give them a new one-time password, or send an invitation link with which they set their own.',
    confirm: 'Reset password',
    alternative: { action: 'invite', label: 'Send invitation link' },
  },
  'make-admin': { title: 'Make this account an administrator?', text: 'They can then manage every account.', confirm: 'Make admin' },
  'remove-admin': { title: 'Remove administrator rights?', text: 'They keep their account as a normal user.', confirm: 'Remove admin' },
};

type Pending = { user: AdminUser; action: AccountAction };

/** The Administration page: accounts, their actions and a form to add one. */
export function AdminPage() {
  const users = useAdminUsers();
  const change = useChangeAdminUser();
  const [pending, setPending] = useState<Pending | null>(null);
  const [shown, setShown] = useState<HandedOut | null>(null);
  const [tokensOf, setTokensOf] = useState<AdminUser | null>(null);

  const show = (result: AdminUserResult) => {
    const handedOut = handedOutBy(result);
    if (handedOut) setShown(handedOut);
  };
  const perform = ({ user, action }: Pending) => {
    setPending(null);
    change.mutate({ id: user.id, action }, { onSuccess: show });
  };
  const request = (user: AdminUser, action: AccountAction) => (CONFIRMATIONS[action] ? setPending({ user, action }) : perform({ user, action }));

  if (users.isPending) return <p>Loading users...</p>;
  if (users.error) {
    if (users.error instanceof ApiError && users.error.status === 403) return <p role="alert">You need administrator rights to see this page.</p>;
    return <p role="alert">Could not load the users: {getErrorMessage(users.error)}</p>;
  }
  const { manageable } = users.data;
  const confirmation = pending && CONFIRMATIONS[pending.action];
  const alternative = confirmation?.alternative;

  return (
    <div className="space-y-6">
      {!manageable && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          KAI signs in through an external identity provider: add users, set passwords and roles there. This list shows who has signed in.
        </p>
      )}
      {shown && <ShownOnce handedOut={shown} onDone={() => setShown(null)} />}
      {change.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {getErrorMessage(change.error)}
        </p>
      )}
      <UsersTable users={users.data.users} manageable={manageable} onAction={request} onShowTokens={setTokensOf} />
      {tokensOf && <UserTokensDialog user={tokensOf} onClose={() => setTokensOf(null)} />}
      {manageable && <AddUserForm onAdded={show} />}
      <Dialog open={!!confirmation} onOpenChange={(open) => !open && setPending(null)}>
        {confirmation && pending && (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{confirmation.title}</DialogTitle>
              <DialogDescription>
                {pending.user.email}: {confirmation.text}
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setPending(null)}>
                Cancel
              </Button>
              {alternative && (
                <Button type="button" variant="outline" onClick={() => perform({ user: pending.user, action: alternative.action })}>
                  {alternative.label}
                </Button>
              )}
              <Button type="button" variant={pending.action === 'disable' ? 'destructive' : 'default'} onClick={() => perform(pending)}>
                {confirmation.confirm}
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
