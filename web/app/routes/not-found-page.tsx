import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 px-4 text-center dark:bg-slate-950">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">404 Page Not Found</h1>
      <Link href={paths.home} className={buttonVariants({ variant: 'outline' })}>
        Go to KAI
      </Link>
    </main>
  );
}
