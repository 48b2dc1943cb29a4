import { VENDOR_LIST_EXTENSIONS, type VendorUploadResponse } from '@contract/vendors';
import { CircleCheck, CircleX, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/handle-error';
import { useUploadVendorList } from '../api/upload-vendor-list';
import { isVendorListFile } from '../lib/vendor-file';

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; filename: string }
  | { status: 'success'; filename: string; result: VendorUploadResponse }
  | { status: 'error'; filename: string; message: string };

const FAILURE_MESSAGE = 'Failed to upload vendor list';

/** Settings' 'Vendor Setup': upload the vendor master as CSV or Excel. */
export function VendorSetup() {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const upload = useUploadVendorList();

  const fail = (filename: string, message: string) => {
    setState({ status: 'error', filename, message });
    toast({ variant: 'destructive', title: 'Error', description: message });
  };

  const send = async (file: File) => {
    if (!isVendorListFile(file)) {
      fail(file.name, 'Please choose a CSV or Excel file (.csv, .xlsx, .xls).');
      return;
    }
    setState({ status: 'uploading', filename: file.name });
    try {
      const result = await upload.mutateAsync(file);
      if (!result.success) {
        fail(file.name, result.message || FAILURE_MESSAGE);
        return;
      }
      setState({ status: 'success', filename: file.name, result });
      toast({ title: 'Success', description: result.message });
    } catch (err) {
      console.error(err);
      fail(file.name, serverMessage(err) ?? FAILURE_MESSAGE);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h3 id={`${id}-title`} className="font-semibold text-slate-900 dark:text-slate-50">
        Vendor Setup
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">Upload your vendor list so invoices can be matched to vendors.</p>
      <p id={`${id}-formats`} className="text-xs text-slate-500 dark:text-slate-400">
        Supported formats: CSV, Excel (.xlsx, .xls)
      </p>
      <Button variant="outline" aria-describedby={`${id}-formats`} disabled={state.status === 'uploading'} onClick={() => inputRef.current?.click()}>
        <Upload aria-hidden="true" />
        Upload Vendor List
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={VENDOR_LIST_EXTENSIONS.join(',')}
        className="hidden"
        tabIndex={-1}
        aria-label="Choose a vendor list"
        data-testid="vendor-list-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(file);
        }}
      />
      <div aria-live="polite" className="text-sm">
        {state.status === 'uploading' && (
          <p className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
            <Spinner className="size-4" />
            Uploading {state.filename}...
          </p>
        )}
        {state.status === 'success' && (
          <div className="space-y-1 text-green-700 dark:text-green-400">
            <p className="flex items-center gap-2">
              <CircleCheck aria-hidden="true" className="size-4" />
              {state.filename}
            </p>
            <p className="text-xs">
              {state.result.created} created, {state.result.updated} updated, {state.result.skipped} skipped
            </p>
            {state.result.skippedRows.length > 0 && (
              <ul aria-label="Skipped rows" className="max-h-32 overflow-y-auto text-xs text-amber-700 dark:text-amber-400">
                {state.result.skippedRows.map((row) => (
                  <li key={row.row}>
                    Row {row.row}: {row.reason}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {state.status === 'error' && (
          <p className="flex items-center gap-2 text-red-600 dark:text-red-400">
            <CircleX aria-hidden="true" className="size-4 shrink-0" />
            {state.filename}: {state.message}
          </p>
        )}
      </div>
    </section>
  );
}
