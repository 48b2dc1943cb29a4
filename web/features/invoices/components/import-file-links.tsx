import type { ImportFile, ImportFormat } from '@contract/invoices';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useDownloadInvoiceFile } from '../api/download-invoice-file';

// Names to save under when the server's answer names none (it does: these are the fallback).
const SAVE_AS: Record<ImportFormat, string> = {
  xlsx: 'AP-Import-Daily-Detail.xlsx',
  aphb: 'AP-Import-Vista-APHB-Headers.csv',
  aplb: 'AP-Import-Vista-APLB-Lines.csv',
};

type ImportFileLinksProps = {
  files: ImportFile[];
  /** Names the list, e.g. 'Import files of invoice 1001': several lists may share a screen. */
  label: string;
  /** In a list of invoices: one short row ('Import: Excel · APHB · APLB'), each still named in full. */
  compact?: boolean;
  className?: string;
};

const SHORT_LABEL: Record<ImportFormat, string> = { xlsx: 'Excel', aphb: 'APHB', aplb: 'APLB' };

/** A written import in each of its formats (workbook, Vista CSVs), each downloaded on click. */
export function ImportFileLinks({ files, label, compact = false, className }: ImportFileLinksProps) {
  const download = useDownloadInvoiceFile();
  if (files.length === 0) return null;
  return (
    <ul aria-label={label} className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      {compact && (
        <li aria-hidden="true" className="text-slate-500 dark:text-slate-400">
          Import:
        </li>
      )}
      {files.map((file) => {
        const busy = download.isPending && download.variables.path === file.download_url;
        return (
          <li key={file.format}>
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              disabled={busy}
              aria-label={compact ? file.label : undefined}
              title={compact ? file.label : undefined}
              onClick={() => download.mutate({ path: file.download_url, filename: SAVE_AS[file.format] })}
            >
              {!compact && <Download aria-hidden="true" />}
              {compact ? SHORT_LABEL[file.format] : file.label}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
