import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '../auth-context';
import { syncUser, toSyncUserInput } from '../api/sync-user';

/**
 * Syncs the signed-in user once (docs/product-rules.md, Sign-in): runs while the 'user synced'
 * flag is false, sets it on success; failures go to the console only and leave it false.
 * Returns true once the attempt has settled, so screens can wait for the user record.
 */
export function useUserSync(enabled: boolean): boolean {
  const { isAuthenticated, user, isUserSynced, setUserSynced } = useAuth();
  const [settled, setSettled] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!enabled || !isAuthenticated || !user || isUserSynced || started.current) return;
    started.current = true;
    syncUser(toSyncUserInput(user.profile))
      .then(() => setUserSynced(true))
      .catch((err: unknown) => {
        if (err instanceof ApiError) console.error(`User sync failed with status ${err.status}`);
        else console.error('User sync failed', err);
      })
      .finally(() => setSettled(true));
  }, [enabled, isAuthenticated, user, isUserSynced, setUserSynced]);

  return isUserSynced || settled;
}
