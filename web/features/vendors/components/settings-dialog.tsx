import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { VendorSetup } from './vendor-setup';

/** Settings from the side panel: export, vendor setup and a placeholder (docs/product-rules.md, Vendors). */
export function SettingsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Exports, vendor setup and other options.</DialogDescription>
        </DialogHeader>
        <section aria-labelledby="settings-export-title" className="space-y-2">
          <h3 id="settings-export-title" className="font-semibold text-slate-900 dark:text-slate-50">
            Database Export
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">Download a JSON export of chat history, documents and settings.</p>
          {/* The export endpoint does not exist yet; the button says so rather than fail. */}
          <Button variant="outline" disabled aria-describedby="settings-export-note">
            <Download aria-hidden="true" />
            Download Export
          </Button>
          <p id="settings-export-note" className="text-xs text-slate-500 dark:text-slate-400">
            Database export is not available yet.
          </p>
        </section>
        <hr className="border-slate-200 dark:border-slate-800" />
        <VendorSetup />
        <hr className="border-slate-200 dark:border-slate-800" />
        <section aria-labelledby="settings-more-title" className="space-y-2">
          <h3 id="settings-more-title" className="font-semibold text-slate-900 dark:text-slate-50">
            Additional Settings
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">More settings will be available in future updates.</p>
        </section>
      </DialogContent>
    </Dialog>
  );
}
