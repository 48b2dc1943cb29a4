import { exportFileNames } from '@contract/export';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { handleError } from '@/lib/handle-error';
import { saveBlob } from '@/lib/save-blob';

type ExportScope = 'user' | 'instance';

/** Today in the browser's calendar, as `YYYY-MM-DD`. */
function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** GET /api/export (the user's own data) or GET /api/admin/download-export/{name} (the instance). */
async function downloadExport(scope: ExportScope): Promise<void> {
  const filename = exportFileNames(localDay())[scope];
  const url = scope === 'user' ? '/api/export' : `/api/admin/download-export/${encodeURIComponent(filename)}`;
  const response = await apiRequest('GET', url);
  saveBlob(await response.blob(), filename);
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport, onError: (err) => handleError(err, 'Export failed') });
}
