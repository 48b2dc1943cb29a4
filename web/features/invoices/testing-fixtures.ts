import type { InvoiceDto, ParsedInvoice } from '@contract/invoices';

/** An invoice as the upload calls return it: two lines, one vendor candidate. */
export function parsedInvoiceFixture(overrides: Partial<ParsedInvoice> = {}): ParsedInvoice {
  return {
    invoice_id: 'inv-1',
    source_filename: 'acme-1001.pdf',
    invoice_number: '1001',
    invoice_date: '2025-11-03',
    due_date: '2025-12-03',
    total_amount: 150,
    subtotal: 150,
    tax_amount: null,
    freight_amount: null,
    currency: 'USD',
    job_number: 'J-42',
    reference: null,
    vendor_name: 'ACME Supply Co.',
    vendor_candidates: ['Acme Supply'],
    vendor_matches: [],
    line_items: [
      { line_number: 1, id: 'SKU-1', description: 'Lumber 2x4', quantity: 10, unit_price: 10, amount: 100, vendor_candidates: ['Acme Supply'] },
      { line_number: 2, id: null, description: 'Delivery', quantity: null, unit_price: null, amount: 50, vendor_candidates: ['Acme Supply'] },
    ],
    invoice_lines: [
      { line_number: 1, invoice_number: '1001', amount: 100, vendor_name: 'Acme Supply' },
      { line_number: 2, invoice_number: '1001', amount: 50, vendor_name: 'Acme Supply' },
    ],
    image_path: null,
    method: 'text',
    fields: {},
    sections: {},
    checks: [],
    warnings: [],
    ...overrides,
  };
}

/** An invoice as GET /api/invoices lists it. */
export function invoiceDtoFixture(overrides: Partial<InvoiceDto> = {}): InvoiceDto {
  return {
    id: 'inv-1',
    invoiceNumber: '1001',
    vendorName: 'Acme Supply',
    amount: 1234.5,
    currency: 'USD',
    status: 'Confirmed',
    date: '2025-11-03',
    dueDate: null,
    jobNumber: null,
    reference: null,
    filename: 'acme-1001.pdf',
    fileType: 'application/pdf',
    fileSize: 2048,
    documentId: null,
    createdAt: '2025-11-04T10:00:00.000Z',
    confirmedBy: 'Pat Clerk',
    confirmedAt: '2025-11-04T11:00:00.000Z',
    corrections: [],
    differenceReason: null,
    importFiles: [],
    ...overrides,
  };
}
