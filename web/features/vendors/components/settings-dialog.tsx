import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DatabaseExport } from './database-export';
import { VendorSetup } from './vendor-setup';

type SettingsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Administrators also get the whole instance's export. */
  isAdmin?: boolean;
};

/** Settings from the side panel: export, vendor setup and a placeholder (docs/product-rules.md, Vendors). */
export function SettingsDialog({ open, onOpenChange, isAdmin = false }: SettingsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Exports, vendor setup and other options.</DialogDescription>
        </DialogHeader>
        <DatabaseExport isAdmin={isAdmin} />
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
