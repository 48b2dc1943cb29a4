import type { ParsedInvoice } from '@contract/invoices';
import { useCallback, useState } from 'react';
import { initialEdits, type InvoiceEdits } from '../lib/invoice-edits';

type ReviewState = {
  invoices: ParsedInvoice[];
  index: number;
  edits: Record<string, InvoiceEdits>;
  confirmed: string[];
};

const EMPTY: ReviewState = { invoices: [], index: 0, edits: {}, confirmed: [] };

/** The dialog's invoices, which one is shown, the user's edits to each and which are confirmed. */
export function useInvoiceReview() {
  const [state, setState] = useState<ReviewState>(EMPTY);
  const current = state.invoices[state.index] ?? null;
  const editsOf = (invoice: ParsedInvoice) => state.edits[invoice.invoice_id] ?? initialEdits(invoice);

  const add = useCallback((incoming: ParsedInvoice[]) => {
    setState((previous) => {
      const known = new Set(previous.invoices.map((invoice) => invoice.invoice_id));
      const fresh = incoming.filter((invoice) => !known.has(invoice.invoice_id));
      // Added invoices are shown first, so the user sees what just arrived.
      const index = fresh.length > 0 ? previous.invoices.length : previous.index;
      return { ...previous, invoices: [...previous.invoices, ...fresh], index };
    });
  }, []);

  const edit = (invoice: ParsedInvoice, change: (edits: InvoiceEdits) => InvoiceEdits) =>
    setState((previous) => ({
      ...previous,
      edits: { ...previous.edits, [invoice.invoice_id]: change(previous.edits[invoice.invoice_id] ?? initialEdits(invoice)) },
    }));

  const go = (index: number) =>
    setState((previous) => ({ ...previous, index: Math.min(Math.max(index, 0), Math.max(previous.invoices.length - 1, 0)) }));

  /** Marks the invoice confirmed and moves on to the next one still open, if any. */
  const markConfirmed = (invoice: ParsedInvoice) =>
    setState((previous) => {
      const confirmed = [...previous.confirmed, invoice.invoice_id];
      const count = previous.invoices.length;
      let index = previous.index;
      for (let step = 1; step < count; step += 1) {
        const candidate = (previous.index + step) % count;
        if (!confirmed.includes(previous.invoices[candidate].invoice_id)) {
          index = candidate;
          break;
        }
      }
      return { ...previous, confirmed, index };
    });

  const isConfirmed = (invoice: ParsedInvoice) => state.confirmed.includes(invoice.invoice_id);
  /** The last invoice still open: confirming it writes the session's workbook. */
  const isLastOpen = (invoice: ParsedInvoice) =>
    !isConfirmed(invoice) && state.invoices.every((other) => other === invoice || state.confirmed.includes(other.invoice_id));

  return {
    invoices: state.invoices,
    index: state.index,
    current,
    editsOf,
    edit,
    add,
    go,
    markConfirmed,
    isConfirmed,
    isLastOpen,
    reset: useCallback(() => setState(EMPTY), []),
  };
}
