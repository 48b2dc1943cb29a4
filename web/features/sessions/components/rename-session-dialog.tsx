import type { ChatSession } from '@contract/chat';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';

const MAX_TITLE_LENGTH = 200;

type RenameSessionDialogProps = {
  session: ChatSession | null;
  isSaving: boolean;
  onRename: (title: string) => void;
  onOpenChange: (open: boolean) => void;
};

/** Enter saves (it submits the form); Escape or Cancel closes without saving. */
export function RenameSessionDialog({ session, isSaving, onRename, onOpenChange }: RenameSessionDialogProps) {
  return (
    <Dialog open={session !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        {session && <RenameForm key={session.id} session={session} isSaving={isSaving} onRename={onRename} />}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ session, isSaving, onRename }: { session: ChatSession; isSaving: boolean; onRename: (title: string) => void }) {
  const [title, setTitle] = useState(session.title);
  const inputId = useId();
  const trimmed = title.trim();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !isSaving) onRename(trimmed);
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Rename chat</DialogTitle>
        <DialogDescription>Give this chat a name you will recognise later.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Chat name</Label>
        <input
          id={inputId}
          value={title}
          maxLength={MAX_TITLE_LENGTH}
          onChange={(event) => setTitle(event.target.value)}
          onFocus={(event) => event.target.select()}
          className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:border-slate-700 dark:bg-slate-950"
          autoFocus
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={!trimmed || isSaving}>
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
