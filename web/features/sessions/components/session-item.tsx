import type { ChatSession } from '@contract/chat';
import { MessageSquare, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { focusRing } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { formatSessionDate } from '../lib/format-session-date';

type SessionItemProps = {
  session: ChatSession;
  isCurrent: boolean;
  canDelete: boolean;
  onSelect: () => void;
  onRename: () => void;
  onDelete: () => void;
};

export function SessionItem({ session, isCurrent, canDelete, onSelect, onRename, onDelete }: SessionItemProps) {
  return (
    <li
      className={cn(
        'group flex items-center gap-1 rounded-md pr-1',
        isCurrent ? 'bg-blue-50 text-blue-900 dark:bg-blue-950/60 dark:text-blue-100' : 'hover:bg-slate-100 dark:hover:bg-slate-800',
      )}
    >
      <button
        type="button"
        onClick={onSelect}
        aria-current={isCurrent ? 'true' : undefined}
        className={cn('flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm', focusRing)}
      >
        <MessageSquare className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate">{session.title}</span>
        <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{formatSessionDate(session.updatedAt)}</span>
      </button>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          aria-label={`Options for ${session.title}`}
          className={cn(
            'flex size-7 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-200 hover:text-slate-900',
            'dark:text-slate-400 dark:hover:bg-slate-700 dark:hover:text-slate-50',
            focusRing,
          )}
        >
          <MoreHorizontal className="size-4" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-[9rem]">
          <DropdownMenuItem onSelect={onRename}>
            <Pencil aria-hidden="true" />
            Rename
          </DropdownMenuItem>
          {canDelete && (
            <DropdownMenuItem onSelect={onDelete} className="text-red-700 focus:text-red-800 dark:text-red-400">
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
