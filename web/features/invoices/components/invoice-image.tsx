import { FileText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useObjectUrl } from '@/hooks/use-object-url';
import { useInvoiceImage } from '../api/get-invoice-image';

type InvoiceImageProps = {
  path: string;
  alt: string;
  className?: string;
  /** Drawn over the image, in its coordinates (the section highlights). */
  overlay?: ReactNode;
};

/** A page image fetched with the bearer token and shown from an object URL. */
export function InvoiceImage({ path, alt, className, overlay }: InvoiceImageProps) {
  const image = useInvoiceImage(path);
  const url = useObjectUrl(image.data);
  const [broken, setBroken] = useState(false);

  if (image.isError || broken) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-md bg-slate-100 px-4 py-8 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
        <FileText className="size-8 text-slate-400" aria-hidden="true" />
        <p>Unable to display image</p>
      </div>
    );
  }
  if (!url) {
    return (
      <div role="status" className="flex justify-center py-8">
        <Spinner />
        <span className="sr-only">Loading invoice image...</span>
      </div>
    );
  }
  return (
    <div className="relative inline-block max-w-full">
      <img
        src={url}
        alt={alt}
        onError={() => setBroken(true)}
        className={className ?? 'max-w-full rounded-md border border-slate-200 dark:border-slate-800'}
      />
      {overlay}
    </div>
  );
}
