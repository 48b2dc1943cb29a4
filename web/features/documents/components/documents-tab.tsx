import type { DocumentDto } from '@contract/documents';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { DocumentPreviewDialog } from './document-preview-dialog';
import { DocumentRow } from './document-row';

export function DocumentsTab({ documents }: { documents: UseQueryResult<DocumentDto[]> }) {
  const [previewing, setPreviewing] = useState<DocumentDto | null>(null);
  const [deleting, setDeleting] = useState<DocumentDto | null>(null);
  const { data, isPending, isError } = documents;

  let body;
  if (isPending) {
    body = (
      <p role="status" className="text-slate-500 dark:text-slate-400">
        Loading documents...
      </p>
    );
  } else if (!data) {
    body = null;
  } else if (data.length === 0) {
    body = <p className="text-slate-500 dark:text-slate-400">No documents uploaded yet</p>;
  } else {
    body = (
      <ul aria-label="Documents" className="space-y-2">
        {data.map((document) => (
          <DocumentRow key={document.id} document={document} onPreview={setPreviewing} onDelete={setDeleting} />
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900 dark:text-slate-50">Document Analysis</h3>
      {isError && (
        <p role="alert" className="text-red-600 dark:text-red-400">
          Failed to fetch documents
        </p>
      )}
      {body}
      <DocumentPreviewDialog document={previewing} onOpenChange={(open) => !open && setPreviewing(null)} />
      <DeleteDocumentDialog document={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}
