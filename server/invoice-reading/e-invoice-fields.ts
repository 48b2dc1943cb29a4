/** What the CII and UBL readers both produce, before it becomes an ExtractedInvoice. */
import type { VendorContact } from './types';

export interface EInvoiceLine {
  id: string | null;
  description: string;
  quantity: number | null;
  unitPrice: number | null;
  amount: number;
}

export interface EInvoiceFields {
  vendor: string | null;
  contact: VendorContact;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  dueDate: string | null;
  total: number | null;
  subtotal: number | null;
  tax: number | null;
  freight: number | null;
  /** Document-level charges minus allowances, freight included: what lies between subtotal and tax basis. */
  chargesLessAllowances: number;
  currency: string | null;
  reference: string | null;
  jobNumber: string | null;
  lines: EInvoiceLine[];
  /** A credit note (CII type 381, 396, 261; UBL CreditNote): its XML amounts are positive. */
  creditNote: boolean;
}

/** UN/CEFACT 1001 document types that credit the buyer. */
export const CREDIT_NOTE_TYPE_CODES = new Set(['381', '396', '261']);

/** yyyymmdd or yyyy-mm-dd(Thh:mm...) as ISO yyyy-mm-dd, when it is a real calendar date. */
export function isoDate(value: string | null): string | null {
  const match = value?.trim().match(/^(\d{4})-?(\d{2})-?(\d{2})(?:$|T)/);
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day) ? `${year}-${month}-${day}` : null;
}

export function joinAddress(parts: Array<string | null>): string | undefined {
  const address = parts.filter((part): part is string => Boolean(part)).join(', ');
  return address || undefined;
}

/** Charge reasons that mean shipping, in the languages e-invoices arrive in, and the UNTDID 7161 codes FC and DL. */
const FREIGHT = /\b(freight|shipping|delivery|carriage|transport\w*|fracht\w*|versand\w*|porto|frais de port|livraison|FC|DL)\b/i;

export function isFreightLabel(label: string | null): boolean {
  return label !== null && FREIGHT.test(label);
}
