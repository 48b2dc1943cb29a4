import type { CurrentUser } from '@contract/users';

/** What the user menu needs; a CurrentUser fits, and so does a profile from the ID token. */
export type MenuUser = Partial<Pick<CurrentUser, 'firstName' | 'lastName' | 'email' | 'imageUrl' | 'role' | 'isDev'>>;

export function getDisplayName(user: MenuUser | null | undefined): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || user?.email || 'User';
}

/** First letter of the name or e-mail, or 'U' (docs/product-rules.md, Sign-in). */
export function getInitial(user: MenuUser | null | undefined): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return (name || user?.email || 'U').charAt(0).toUpperCase();
}

/** '{role} user', or '(dev mode)' for the fixed identity of /dev. */
export function getRoleLabel(user: MenuUser | null | undefined): string | null {
  if (user?.isDev) return '(dev mode)';
  if (!user?.role) return null;
  // The spec's '{role} user' ('admin user'); the plain role would read 'user user'.
  return user.role === 'user' ? 'Standard user' : `${user.role} user`;
}
