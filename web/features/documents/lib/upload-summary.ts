import type { UploadResponse } from '@contract/documents';
import type { ToastInput } from '@/components/ui/toast';

/** A toast has room for a few reasons; the rest are counted. */
const LISTED_FAILURES = 3;

/** The server's message usually names the file already ('notes.txt: ...'); otherwise the name leads. */
function describeFailure({ name, message }: UploadResponse['failed'][number]): string {
  const text = message.includes(name) ? message : `${name}: ${message}`;
  // The reasons run on in one line of text, so each one ends as a sentence.
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** The panel's toast after the server stored at least one file: all of them, or some with the rest's reasons. */
export function uploadSummaryToast({ files, failed }: UploadResponse): ToastInput {
  const done = `${files.length} file(s) processed successfully.`;
  if (failed.length === 0) return { title: 'Upload successful', description: done };
  const reasons = failed.slice(0, LISTED_FAILURES).map(describeFailure);
  if (failed.length > LISTED_FAILURES) reasons.push(`And ${failed.length - LISTED_FAILURES} more.`);
  return { variant: 'destructive', title: 'Upload partly successful', description: `${done} ${failed.length} failed: ${reasons.join(' ')}` };
}
