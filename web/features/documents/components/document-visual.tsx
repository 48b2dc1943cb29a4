import type { DocumentDto } from '@contract/documents';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentFile } from '../api/get-document-file';
import { useObjectUrl } from '@/hooks/use-object-url';
import { isImageDocument, pageCountLabel } from '../lib/format';

function Fallback({ children }: { children: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-md bg-slate-100 px-4 py-8 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
      <FileText className="size-8 text-slate-400" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}

/** An image shown from a blob fetched with the bearer token, with a fallback text for any failure. */
function BlobImage({ documentId, view, alt, fallback }: { documentId: string; view: 'content' | 'preview'; alt: string; fallback: string }) {
  const file = useDocumentFile(documentId, view);
  const url = useObjectUrl(file.data);
  const [broken, setBroken] = useState(false);

  if (file.isError || broken) return <Fallback>{fallback}</Fallback>;
  if (!url) {
    return (
      <div role="status" className="flex justify-center py-8">
        <Spinner />
        <span className="sr-only">Loading preview...</span>
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      onError={() => setBroken(true)}
      className="mx-auto max-h-[60vh] max-w-full rounded-md border border-slate-200 object-contain dark:border-slate-800"
    />
  );
}

/** Images inline; PDFs as their first-page preview; nothing for other kinds. */
export function DocumentVisual({ document }: { document: DocumentDto }) {
  if (isImageDocument(document)) {
    return <BlobImage documentId={document.id} view="content" alt={document.filename} fallback="Unable to display image" />;
  }
  if (document.kind === 'pdf') {
    return (
      <BlobImage
        documentId={document.id}
        view="preview"
        alt={`First page of ${document.filename}`}
        fallback={`PDF document · ${pageCountLabel(document.metadata)}`}
      />
    );
  }
  return null;
}
