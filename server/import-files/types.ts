/**
 * What the import writers take: invoices a user has confirmed, one per vendor invoice. Pure data;
 * the service maps its rows to these.
 */

export interface ConfirmedInvoiceLine {
  lineNumber: number;
  description: string;
  amount: number;
  /** The vendor confirmed for this line; usually the invoice's vendor. */
  vendorName: string;
  vendorCode: string | null;
  /** A charge the user added at review; it was not read from the invoice. */
  added?: boolean;
}

export interface ConfirmedInvoice {
  invoiceId: string;
  invoiceNumber: string | null;
  /** ISO yyyy-mm-dd */
  invoiceDate: string | null;
  /** ISO yyyy-mm-dd */
  dueDate: string | null;
  jobNumber: string | null;
  /** PO / customer PO / reference as printed. */
  reference: string | null;
  vendorName: string;
  vendorCode: string | null;
  /** The amount due printed on the invoice; null when none was read. */
  invoiceTotal: number | null;
  /** ISO 4217 code of every amount of the invoice, as read from it. */
  currency: string;
  /** When true, `lines` holds exactly one line carrying the invoice total. */
  totalOnly: boolean;
  lines: ConfirmedInvoiceLine[];
  sourceFile: string;
  confirmedAt: Date;
  /** Who confirmed it; null on invoices confirmed before KAI kept it. */
  confirmedBy?: string | null;
  /** What the clerk changed at review, beside the values as read. */
  corrections?: ReviewCorrection[];
  /** Why lines that differ from the total were accepted. */
  differenceReason?: string | null;
}

export interface ReviewCorrection {
  label: string;
  read: string | null;
  confirmed: string | null;
}
