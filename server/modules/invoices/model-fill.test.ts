import { describe, expect, it } from 'vitest';
import { parseInvoiceLayout, type ExtractedInvoice } from '../../invoice-reading';
import { checkDatesInOrder, checkTotalsTieOut } from '../../invoice-reading/e-invoice-xml';
import { layout, supplyInvoiceRows, type Row } from '../../invoice-reading/test-layouts';
import { invoiceText } from './model-fill';
import { acceptModelValues, fieldsNeedingHelp, printedIn, validModelValue } from './model-values';

/** A lumber-yard invoice whose number sits under a label the rules do not know. */
const lumberRows: Row[] = [
  [
    40,
    [
      [40, 'Northwind Timber & Supply'],
      [400, 'INVOICE'],
    ],
  ],
  [
    54,
    [
      [40, '410 Mill Road, Eugene, OR 97402'],
      [400, 'Date'],
      [480, '03/02/2026'],
    ],
  ],
  [
    68,
    [
      [40, 'Phone (541) 555-0107'],
      [400, 'Ledger key'],
      [480, 'LK-88213'],
    ],
  ],
  [
    82,
    [
      [400, 'Pay by'],
      [480, '04/01/2026'],
    ],
  ],
  [
    120,
    [
      [40, 'Description'],
      [330, 'Qty'],
      [390, 'Unit Price'],
      [500, 'Amount'],
    ],
  ],
  [
    136,
    [
      [40, '2x4 SPF stud 8 ft'],
      [330, '100'],
      [390, '4.25'],
      [500, '425.00'],
    ],
  ],
  [
    150,
    [
      [40, 'Plywood 3/4 CDX'],
      [330, '10'],
      [390, '52.00'],
      [500, '520.00'],
    ],
  ],
  [
    190,
    [
      [390, 'Subtotal'],
      [500, '945.00'],
    ],
  ],
  [
    204,
    [
      [390, 'Sales Tax'],
      [500, '75.60'],
    ],
  ],
  [
    218,
    [
      [390, 'Total Due'],
      [500, '1,020.60'],
    ],
  ],
  [
    246,
    [
      [390, 'Account balance'],
      [500, '2,500.00'],
    ],
  ],
];

const lumberLayout = layout(lumberRows);
const read = (rows: Row[]) => parseInvoiceLayout(layout(rows))[0];

/** The invoice with one field changed and the checks worked out again, as the rules would leave it. */
function withField(invoice: ExtractedInvoice, change: Partial<ExtractedInvoice>): ExtractedInvoice {
  const next = { ...invoice, ...change };
  return { ...next, checks: [checkTotalsTieOut(next), checkDatesInOrder(next)].filter((check) => check !== null) };
}

const field = <T>(value: T) => ({ value, confidence: 0.8, region: null });

describe('the fields a model is asked about', () => {
  it('asks nothing when every field was read and passes its checks', () => {
    expect(fieldsNeedingHelp(read(supplyInvoiceRows()))).toEqual([]);
  });

  it('asks for the fields the rules left empty', () => {
    const invoice = read(lumberRows);
    expect(invoice.invoiceNumber).toBeNull();
    expect(fieldsNeedingHelp(invoice)).toEqual(expect.arrayContaining(['invoice_number', 'job_number', 'reference']));
    expect(fieldsNeedingHelp(invoice)).not.toContain('vendor');
  });

  it('asks for the total when the totals do not tie out, and for both dates when they are out of order', () => {
    const invoice = read(supplyInvoiceRows());
    expect(fieldsNeedingHelp(withField(invoice, { totalAmount: field(900) }))).toEqual(['total_amount']);
    expect(fieldsNeedingHelp(withField(invoice, { dueDate: field('2025-10-01') }))).toEqual(['invoice_date', 'due_date']);
  });

  it('does not ask when only a job number, PO or due date is missing', () => {
    const invoice = read(supplyInvoiceRows());
    expect(fieldsNeedingHelp(withField(invoice, { jobNumber: null, reference: null, dueDate: null }))).toEqual([]);
  });

  it('never asks about an invoice read from its e-invoice XML', () => {
    expect(fieldsNeedingHelp({ ...read(lumberRows), method: 'xml' })).toEqual([]);
  });
});

describe("the model's values", () => {
  it('keeps a value only in the shape the invoice stores', () => {
    expect(validModelValue('vendor', '  Northwind   Timber ')).toBe('Northwind Timber');
    expect(validModelValue('vendor', 'x'.repeat(201))).toBeNull();
    expect(validModelValue('invoice_number', 42)).toBeNull();
    expect(validModelValue('invoice_date', '2026-02-30')).toBeNull();
    expect(validModelValue('invoice_date', '03/02/2026')).toBeNull();
    expect(validModelValue('due_date', '2026-04-01')).toBe('2026-04-01');
    expect(validModelValue('total_amount', -5)).toBeNull();
    expect(validModelValue('total_amount', Number.NaN)).toBeNull();
    expect(validModelValue('total_amount', '1020.60')).toBeNull();
    expect(validModelValue('total_amount', 1020.604)).toBe(1020.6);
  });

  it('finds text as a whole word or phrase, whatever its case and spacing', () => {
    const text = 'Northwind  Timber & Supply\nLedger key  LK-88213';
    expect(printedIn(text, 'vendor', 'NORTHWIND TIMBER & SUPPLY')).toBe(true);
    expect(printedIn(text, 'invoice_number', 'LK-88213')).toBe(true);
    expect(printedIn(text, 'invoice_number', 'LK-8821')).toBe(false);
    expect(printedIn(text, 'invoice_number', 'K-88213')).toBe(false);
    expect(printedIn(text, 'vendor', 'Northwind Lumber')).toBe(false);
  });

  it('finds an amount in any common number format, never inside a larger one', () => {
    for (const printed of ['Total 1,234.56', 'Gesamtbetrag 1.234,56 EUR', 'Total TTC 1 234,56 €', 'Amount due $1234.56']) {
      expect(printedIn(printed, 'total_amount', 1234.56), printed).toBe(true);
    }
    expect(printedIn('Total 11,234.56', 'total_amount', 1234.56)).toBe(false);
    expect(printedIn('Total 1,234.50', 'total_amount', 1234.56)).toBe(false);
  });

  it('finds a date by its day and year printed together, in any format', () => {
    for (const printed of ['Date: 12-Jan-2026', 'January 12, 2026', 'Datum 12.01.26', '2026-01-12']) {
      expect(printedIn(printed, 'invoice_date', '2026-01-12'), printed).toBe(true);
    }
    expect(printedIn('Date: 13-Jan-2026', 'invoice_date', '2026-01-12')).toBe(false);
    expect(printedIn('Day 12 of the contract, signed in 2026 after a long talk', 'invoice_date', '2026-01-12')).toBe(false);
  });
});

describe('what a model may change', () => {
  const text = invoiceText(read(lumberRows), lumberLayout);

  it('fills an empty field with a value printed on the page, and says so', () => {
    const invoice = read(lumberRows);
    const { invoice: filled, filledByModel } = acceptModelValues(invoice, { invoice_number: 'LK-88213' }, text);
    expect(filledByModel).toEqual(['invoice_number']);
    expect(filled.invoiceNumber).toMatchObject({ value: 'LK-88213' });
    expect(filled.warnings).toContain('Invoice number read by the AI model; please check it.');
    expect(filled.warnings).not.toContain('No invoice number was found.');
  });

  it('rejects an invented value', () => {
    const invoice = read(lumberRows);
    const result = acceptModelValues(invoice, { invoice_number: 'INV-2026-001', reference: 'PO-4411' }, text);
    expect(result).toEqual({ invoice, filledByModel: [] });
  });

  it('never replaces a rule value that passes its cross-checks', () => {
    const invoice = read(lumberRows);
    const answer = { vendor: 'Phone', total_amount: 945, invoice_date: '2026-04-01', invoice_number: 'LK-88213' };
    const { invoice: filled, filledByModel } = acceptModelValues(invoice, answer, text);
    expect(filledByModel).toEqual(['invoice_number']);
    expect(filled.vendor).toEqual(invoice.vendor);
    expect(filled.totalAmount).toEqual(invoice.totalAmount);
    expect(filled.invoiceDate).toEqual(invoice.invoiceDate);
  });

  it('replaces a total that fails the tie-out only with one printed on the page that ties out', () => {
    const invoice = withField(read(lumberRows), { totalAmount: field(2500) });
    expect(invoice.checks).toContainEqual(expect.objectContaining({ code: 'totals_tie_out', passed: false }));
    const offer = (total: number) => acceptModelValues(invoice, { total_amount: total }, text);

    expect(offer(1111.11).filledByModel).toEqual([]); // not printed
    expect(offer(945).filledByModel).toEqual([]); // printed, but the subtotal: the totals still do not tie out
    const { invoice: filled, filledByModel } = offer(1020.6);
    expect(filledByModel).toEqual(['total_amount']);
    expect(filled.totalAmount).toMatchObject({ value: 1020.6 });
    expect(filled.checks).toContainEqual(expect.objectContaining({ code: 'totals_tie_out', passed: true }));
    expect(filled.warnings).toContain('Total read by the AI model; please check it.');
  });

  it('puts dates in order with a date printed on the page, and names every field it filled', () => {
    const invoice = withField(read(lumberRows), { dueDate: field('2026-01-15') });
    const answer = { invoice_date: '2026-03-02', due_date: '2026-04-01', invoice_number: 'LK-88213' };
    const { invoice: filled, filledByModel } = acceptModelValues(invoice, answer, text);
    expect(filledByModel).toEqual(['invoice_number', 'due_date']);
    expect(filled.dueDate).toMatchObject({ value: '2026-04-01' });
    expect(filled.checks).toContainEqual(expect.objectContaining({ code: 'dates_in_order', passed: true }));
    expect(filled.warnings).toContain('Invoice number and due date read by the AI model; please check them.');
  });
});

describe('the text a model reads', () => {
  it("is the invoice's own pages, line by line, at most 12,000 characters", () => {
    const two = layout(lumberRows, supplyInvoiceRows());
    const first = { ...read(lumberRows), pages: [1] };
    expect(invoiceText(first, two)).toContain('Ledger key  LK-88213');
    expect(invoiceText(first, two)).not.toContain('Summit Electrical');
    expect(invoiceText({ ...first, pages: [2] }, two)).toMatch(/^Summit Electrical Supply Inc\./);
    const long = layout(Array.from({ length: 400 }, (_, i): Row => [20 + i * 2, [[40, `Line ${i} ${'x'.repeat(60)}`]]]));
    expect(invoiceText(first, long).length).toBe(12_000);
  });
});
