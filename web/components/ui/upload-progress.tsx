/** A labelled percentage bar for uploads (the sidebar panel and the invoice dialog). */
export function UploadProgressBar({ value, label = 'Uploading...' }: { value: number; label?: string }) {
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-xs text-slate-600 dark:text-slate-400">
        <span>{label}</span>
        <span>{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full bg-blue-600 transition-[width] duration-200 dark:bg-blue-500" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
