import { ChevronDown, LogOut, Settings, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getDisplayName, getInitial, getRoleLabel, type MenuUser } from '../user-display';

// Closed at first paint, so not in the first download (issue 17).
const UserSettingsDialog = lazy(() => import('./user-settings-dialog').then((m) => ({ default: m.UserSettingsDialog })));

type UserMenuProps = {
  user: MenuUser | null | undefined;
  isLoading?: boolean;
  onSignOut: () => void;
};

export function UserMenu({ user, isLoading = false, onSignOut }: UserMenuProps) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [, navigate] = useLocation();
  if (isLoading) return <Skeleton className="h-9 w-36" aria-label="Loading user" />;

  const displayName = getDisplayName(user);
  const roleLabel = getRoleLabel(user);

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="h-auto gap-2 px-2 py-1">
            {/* The name is 'User menu' plus the visible name and role, so a speech-input user can say what they see. */}
            <span className="sr-only">User menu</span>
            <Avatar aria-hidden="true">
              {user?.imageUrl && <AvatarImage src={user.imageUrl} alt="" />}
              <AvatarFallback>{getInitial(user)}</AvatarFallback>
            </Avatar>
            <span className="hidden min-w-0 flex-col items-start text-left sm:flex">
              <span className="max-w-40 truncate text-sm font-medium text-slate-900 dark:text-slate-100">{displayName}</span>
              {roleLabel && <span className="text-xs font-normal text-slate-500 dark:text-slate-400">{roleLabel}</span>}
            </span>
            <ChevronDown className="hidden text-slate-500 sm:block" aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>
            <p className="truncate font-medium">{displayName}</p>
            {user?.email && <p className="truncate text-xs font-normal text-slate-500 dark:text-slate-400">{user.email}</p>}
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setSettingsOpen(true)}>
            <Settings aria-hidden="true" />
            Settings
          </DropdownMenuItem>
          {user?.role === 'admin' && (
            <DropdownMenuItem onSelect={() => navigate(paths.admin)}>
              <ShieldCheck aria-hidden="true" />
              Administration
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={onSignOut}>
            <LogOut aria-hidden="true" />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <Suspense>
        <UserSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
      </Suspense>
    </>
  );
}
