import { Upload } from 'lucide-react';
import { SidebarSection } from './sidebar-section';

/** Stands in for the upload panel (spec part 2) until that feature lands. */
export function UploadPanelPlaceholder() {
  return (
    <SidebarSection title="Upload Files">
      <div className="flex items-center gap-2 rounded-md border border-dashed border-slate-300 px-3 py-4 text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">
        <Upload className="size-4 shrink-0" aria-hidden="true" />
        <span>Add documents for KAI to analyse.</span>
      </div>
    </SidebarSection>
  );
}
