import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/** The help glossary frame; topics, search and categories arrive with the help feature. */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>KAI Help Glossary</DialogTitle>
          <DialogDescription>Browse help topics and find answers to common questions</DialogDescription>
        </DialogHeader>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Ask KAI in the chat about Structure ERP procedures, uploaded documents, invoices or the web.
        </p>
      </DialogContent>
    </Dialog>
  );
}
