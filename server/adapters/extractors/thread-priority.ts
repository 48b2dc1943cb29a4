/**
 * Extraction and OCR are CPU work that can wait a little; the HTTP event loop beside them cannot.
 * Linux keeps a nice value per thread, so the extraction worker lowers its own (and the OCR
 * threads it starts inherit it): when both want a core, the request handlers get it first, and
 * when nothing else runs, extraction still has the whole machine. Elsewhere this does nothing.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';

/** Nice 10 of -20..19: well behind requests, still ahead of batch jobs at 19. */
export const EXTRACTION_NICE = 10;
/** Extraction nobody is waiting on (the document queue) yields to extraction a user waits for. */
export const BACKGROUND_EXTRACTION_NICE = 15;

export function lowerThisThreadsPriority(nice = EXTRACTION_NICE): void {
  try {
    // /proc/thread-self names the calling thread: "<pid>/task/<tid>". A synchronous read runs on this thread.
    const tid = Number(path.basename(readlinkSync('/proc/thread-self')));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // Not Linux, or not allowed: extraction runs at the process's priority, as before.
  }
}
