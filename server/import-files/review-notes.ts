/**
 * The review's record in words, for the import files: what was corrected ('Invoice date: not read
 * -> 2026-11-02'), who confirmed, and why a difference was accepted.
 */
import type { ConfirmedInvoice, ReviewCorrection } from './types';

export function describeCorrections(corrections: ReviewCorrection[]): string {
  return corrections
    .map((c) => `${c.label}: ${c.read ?? 'not read'} -> ${c.confirmed ?? (c.label.endsWith('removed') ? 'removed' : 'cleared')}`)
    .join('; ');
}

/** One note per invoice: who confirmed it and when, what they corrected, why a difference stands. */
export function reviewNote(invoice: ConfirmedInvoice): string {
  const parts = [
    invoice.confirmedBy ? `Confirmed by ${invoice.confirmedBy} on ${invoice.confirmedAt.toISOString().slice(0, 10)}` : null,
    invoice.corrections?.length ? `Corrected: ${describeCorrections(invoice.corrections)}` : null,
    invoice.differenceReason ? `Difference accepted: ${invoice.differenceReason}` : null,
  ];
  return parts.filter(Boolean).join('. ');
}
