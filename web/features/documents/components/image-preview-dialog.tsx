import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { SelectedFile } from '../hooks/use-selected-files';
import { formatKilobytes } from '../lib/format';

/** The full-screen look at a chosen image before it is uploaded: name, KB and type. */
export function ImagePreviewDialog({ entry, onOpenChange }: { entry: SelectedFile | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      <DialogContent className="flex h-[95vh] max-h-[95vh] w-[95vw] max-w-[95vw] flex-col">
        <DialogHeader>
          <DialogTitle className="truncate" title={entry?.file.name}>
            {entry?.file.name}
          </DialogTitle>
          <DialogDescription>{entry && `${formatKilobytes(entry.file.size)} · ${entry.file.type || 'Unknown type'}`}</DialogDescription>
        </DialogHeader>
        <div className="flex min-h-0 flex-1 items-center justify-center overflow-auto rounded-md bg-slate-100 dark:bg-slate-950">
          {entry?.previewUrl && <img src={entry.previewUrl} alt={entry.file.name} className="max-h-full max-w-full object-contain" />}
        </div>
      </DialogContent>
    </Dialog>
  );
}
