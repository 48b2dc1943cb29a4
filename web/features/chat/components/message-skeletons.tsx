import { Skeleton } from '@/components/ui/skeleton';

/** Three skeleton rows while the messages load (docs/product-rules.md, Chat). */
export function MessageSkeletons() {
  return (
    <div className="space-y-6" aria-label="Loading messages" role="status">
      {[0, 1, 2].map((row) => (
        <div key={row} data-testid="message-skeleton" className={row === 1 ? 'flex flex-row-reverse gap-3' : 'flex gap-3'}>
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="w-full max-w-md space-y-2">
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-14 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
