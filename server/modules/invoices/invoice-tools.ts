/**
 * Read-only look-ups of the user's invoices and the vendor master, offered to the chat model
 * next to the document search. Nothing here changes state.
 */
import type { VendorDto } from '@contract/vendors';
import type { Citable, KnowledgeTool } from '../chat/knowledge-tools';
import type { InvoiceRow, InvoicesRepository } from './invoices.repository';
import { storedParse } from './invoices.service';
import { formatMoney } from './money';

/** Words that say what is asked for rather than which invoice. */
const QUERY_NOISE = new Set(
  'a an and any are about all amount amounts bill bills by did do does due for from have how i in invoice invoices is it list me my of on or our paid pending show status the to total totals unpaid vendor vendors we what when which who with'.split(
    ' ',
  ),
);

function searchWords(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}.\-/]*/gu) ?? [])]
    .filter((word) => !QUERY_NOISE.has(word) && (word.length >= 3 || /\d/.test(word)))
    .slice(0, 8);
}

export function createInvoiceTools(deps: {
  invoices: Pick<InvoicesRepository, 'searchOwned'>;
  searchVendors(query: string, limit: number): Promise<VendorDto[]>;
}): KnowledgeTool[] {
  return [
    {
      name: 'lookup_invoices',
      description: "Look up this user's processed vendor invoices by invoice number, vendor, job number, PO or file name: status, dates, totals.",
      sources: ['uploaded'],
      search: async (userId, query, limit) => (await deps.invoices.searchOwned(userId, searchWords(query), limit)).map(invoiceCitable),
    },
    {
      name: 'lookup_vendors',
      description: "Look up vendors in the organisation's vendor master by name: vendor code, active or inactive, contact details.",
      sources: ['uploaded'],
      search: async (_userId, query, limit) => {
        const words = searchWords(query);
        return words.length === 0 ? [] : (await deps.searchVendors(words.join(' '), limit)).map(vendorCitable);
      },
    },
  ];
}

function invoiceCitable(row: InvoiceRow): Citable {
  const facts = [
    `Invoice ${row.invoiceNumber ?? '(number not read)'} from ${row.vendorName ?? 'an unknown vendor'}`,
    row.invoiceDate && `dated ${row.invoiceDate}`,
    row.dueDate && `due ${row.dueDate}`,
    row.totalAmount !== null && `total ${formatMoney(Number(row.totalAmount), storedParse(row).extracted.currency)}`,
    row.jobNumber && `job ${row.jobNumber}`,
    row.reference && `PO/reference ${row.reference}`,
    `status ${row.status}`,
    `file ${row.filename}`,
  ].filter(Boolean);
  const text = `${facts.join(', ')}.`;
  return {
    source: {
      type: 'uploaded',
      title: `Invoice ${row.invoiceNumber ?? row.filename}${row.vendorName ? ` (${row.vendorName})` : ''}`,
      snippet: text,
      documentId: row.documentId,
    },
    context: 'Processed invoices',
    text,
    origin: 'your processed invoices',
  };
}

function vendorCitable(vendor: VendorDto): Citable {
  const facts = [
    `Vendor ${vendor.name}`,
    vendor.code && `code ${vendor.code}`,
    vendor.legalEntity && `legal name ${vendor.legalEntity}`,
    vendor.isActive ? 'active' : 'inactive',
    vendor.address && `address ${vendor.address}`,
    vendor.phone && `phone ${vendor.phone}`,
    vendor.email && `e-mail ${vendor.email}`,
  ].filter(Boolean);
  const text = `${facts.join(', ')}.`;
  return {
    source: { type: 'uploaded', title: `Vendor ${vendor.name}`, snippet: text },
    context: 'Vendor master',
    text,
    origin: 'the company vendor list',
  };
}
