import { DEFAULT_SESSION_ID, type ChatSession } from '@contract/chat';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { handleError } from '@/lib/handle-error';
import { useCreateSession } from '../api/create-session';
import { useDeleteSession } from '../api/delete-session';
import { useSessions } from '../api/get-sessions';
import { useRenameSession } from '../api/rename-session';
import { DeleteSessionDialog } from './delete-session-dialog';
import { RenameSessionDialog } from './rename-session-dialog';
import { SessionItem } from './session-item';

type SessionListProps = {
  currentSessionId: number;
  onSelect: (sessionId: number) => void;
  /** A session id whose cached messages no longer apply (deleted, or reused by a new chat). */
  onSessionReset?: (sessionId: number) => void;
};

/** The sidebar's 'Chats' section: new chat, the user's sessions, rename and delete. */
export function SessionList({ currentSessionId, onSelect, onSessionReset }: SessionListProps) {
  const headingId = useId();
  const sessions = useSessions();
  const createSession = useCreateSession();
  const renameSession = useRenameSession();
  const deleteSession = useDeleteSession();
  const [renaming, setRenaming] = useState<ChatSession | null>(null);
  const [deleting, setDeleting] = useState<ChatSession | null>(null);

  const startNewChat = () =>
    createSession.mutate(undefined, {
      onSuccess: (session) => {
        onSessionReset?.(session.id);
        onSelect(session.id);
      },
      onError: (err) => handleError(err, 'Could not start a new chat'),
    });

  const rename = (title: string) => {
    if (!renaming) return;
    renameSession.mutate(
      { sessionId: renaming.id, title },
      { onSuccess: () => setRenaming(null), onError: (err) => handleError(err, 'Could not rename the chat') },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const sessionId = deleting.id;
    deleteSession.mutate(sessionId, {
      onSuccess: () => {
        setDeleting(null);
        onSessionReset?.(sessionId);
        if (sessionId === currentSessionId) onSelect(DEFAULT_SESSION_ID);
      },
      onError: (err) => handleError(err, 'Could not delete the chat'),
    });
  };

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex items-center justify-between gap-2 px-2">
        <h3 id={headingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
          Chats
        </h3>
        <Button variant="ghost" size="sm" className="h-7 px-2" disabled={createSession.isPending} onClick={startNewChat}>
          <Plus aria-hidden="true" />
          New chat
        </Button>
      </div>
      {sessions.isLoading && (
        <div className="space-y-2 px-2" aria-label="Loading chats" role="status">
          <Skeleton className="h-7 w-full" />
          <Skeleton className="h-7 w-4/5" />
        </div>
      )}
      {sessions.isError && <p className="px-2 text-xs text-slate-500 dark:text-slate-400">Could not load your chats.</p>}
      {sessions.data && (
        <ul className="max-h-64 space-y-0.5 overflow-y-auto">
          {sessions.data.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              isCurrent={session.id === currentSessionId}
              // Session 1 is the main screen's home and always exists: it can be cleared, not deleted.
              canDelete={session.id !== DEFAULT_SESSION_ID}
              onSelect={() => onSelect(session.id)}
              onRename={() => setRenaming(session)}
              onDelete={() => setDeleting(session)}
            />
          ))}
        </ul>
      )}
      <RenameSessionDialog
        session={renaming}
        isSaving={renameSession.isPending}
        onRename={rename}
        onOpenChange={(open) => !open && setRenaming(null)}
      />
      <DeleteSessionDialog
        session={deleting}
        isDeleting={deleteSession.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </section>
  );
}
