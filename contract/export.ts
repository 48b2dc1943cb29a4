import { z } from 'zod';

/**
 * GET /api/admin/download-export/{name}: the whole instance as JSON. The name is the file name the
 * browser saves, `kai-instance-export-YYYY-MM-DD.json`; anything else is refused (no paths).
 */
export const instanceExportParams = z.object({
  name: z.string().regex(/^kai-instance-export-\d{4}-\d{2}-\d{2}\.json$/, 'Not an export file name'),
});

/** The file names of both exports for a day (`YYYY-MM-DD`). */
export const exportFileNames = (day: string) => ({ user: `kai-export-${day}.json`, instance: `kai-instance-export-${day}.json` });
