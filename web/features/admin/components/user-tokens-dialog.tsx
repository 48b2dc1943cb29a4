import type { AdminUser } from '@contract/admin';
import type { ApiToken } from '@contract/tokens';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { getErrorMessage } from '@/lib/handle-error';
import { useAdminUserTokens, useRevokeAdminUserToken, useRevokeAllAdminUserTokens } from '../api/admin-user-tokens';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'Never');

/** What is about to be revoked: one token, or all of them. */
type Revoking = { token: ApiToken } | { all: number };

/**
 * One user's personal API tokens (name and dates, never the secret), each revocable, or all at once,
 * after a confirmation: scripts using a revoked token stop working at once.
 */
export function UserTokensDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const tokens = useAdminUserTokens(user.id);
  const revokeOne = useRevokeAdminUserToken();
  const revokeAll = useRevokeAllAdminUserTokens();
  const [revoking, setRevoking] = useState<Revoking | null>(null);
  const who = user.email ?? user.name ?? 'this user';

  const confirm = () => {
    if (!revoking) return;
    setRevoking(null);
    if ('token' in revoking) revokeOne.mutate({ userId: user.id, tokenId: revoking.token.id });
    else revokeAll.mutate(user.id);
  };
  const busy = revokeOne.isPending || revokeAll.isPending;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>API tokens of {who}</DialogTitle>
          <DialogDescription>Tokens their scripts use. A password reset or invitation revokes them all.</DialogDescription>
        </DialogHeader>
        {tokens.isPending && <p>Loading tokens...</p>}
        {tokens.error && <p role="alert">Could not load the tokens: {getErrorMessage(tokens.error)}</p>}
        {tokens.data && (
          <ul aria-label={`API tokens of ${who}`} className="space-y-1 text-sm">
            {tokens.data.length === 0 && <li className="text-slate-500">No API tokens.</li>}
            {tokens.data.map((token) => (
              <li key={token.id} className="flex items-center justify-between gap-2">
                <span>
                  <strong>{token.name}</strong> · created {day(token.createdAt)} · last used {day(token.lastUsedAt)} · expires {day(token.expiresAt)}
                </span>
                <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`} disabled={busy} onClick={() => setRevoking({ token })}>
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
        {revoking && (
          <div role="alertdialog" aria-label="Confirm revoking" className="space-y-2 rounded-md border border-red-300 p-2 text-sm">
            <p>
              {'token' in revoking ? `Revoke "${revoking.token.name}"?` : `Revoke all ${revoking.all} tokens of ${who}?`} Scripts using{' '}
              {'token' in revoking ? 'it' : 'them'} stop working at once.
            </p>
            <div className="flex gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => setRevoking(null)}>
                Cancel
              </Button>
              <Button type="button" variant="destructive" size="sm" onClick={confirm}>
                {'token' in revoking ? 'Revoke token' : 'Revoke all tokens'}
              </Button>
            </div>
          </div>
        )}
        <DialogFooter>
          {!!tokens.data?.length && (
            <Button type="button" variant="destructive" disabled={busy} onClick={() => setRevoking({ all: tokens.data.length })}>
              Revoke all
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
