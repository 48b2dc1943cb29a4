import { Bot } from 'lucide-react';

export function TypingIndicator({ label = 'KAI is thinking...' }: { label?: string }) {
  return (
    <div className="flex items-center gap-3" role="status">
      <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white" aria-hidden="true">
        <Bot className="size-5" />
      </div>
      <div className="flex items-center gap-2 rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-2.5 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
        <span className="flex gap-1" aria-hidden="true">
          {[0, 150, 300].map((delay) => (
            <span key={delay} className="size-1.5 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${delay}ms` }} />
          ))}
        </span>
        {label}
      </div>
    </div>
  );
}
