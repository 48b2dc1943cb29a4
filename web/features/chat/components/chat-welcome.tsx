import { Bot } from 'lucide-react';
import { ASSISTANT_NAME } from '@/config/constants';

const CAPABILITIES = [
  'ERP documentation and procedures',
  'Document analysis and processing',
  'Invoice parsing and vendor matching',
  'Web search',
] as const;

/** The assistant's greeting shown while the chat has no messages. */
export function ChatWelcome() {
  return (
    <div className="flex w-full gap-3">
      <div className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-600 text-white" aria-hidden="true">
        <Bot className="size-5" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="mb-1 text-xs font-medium text-slate-500 dark:text-slate-400">{ASSISTANT_NAME}</p>
        <div className="rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-3 text-sm leading-relaxed text-slate-800 shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
          <p>Hello! I'm {ASSISTANT_NAME}, your Structure ERP assistant. I can help you with:</p>
          <ul className="my-2 list-disc space-y-1 pl-5">
            {CAPABILITIES.map((capability) => (
              <li key={capability}>{capability}</li>
            ))}
          </ul>
          <p>How can I help you today?</p>
        </div>
      </div>
    </div>
  );
}
