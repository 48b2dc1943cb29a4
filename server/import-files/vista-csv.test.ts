import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { makeInvoice, lumberCredit, readyMix, rentalTotalOnly } from './test-invoices';
import { VISTA_HEADER_COLUMNS, VISTA_LINE_COLUMNS, writeVistaHeaderCsv, writeVistaLinesCsv } from './vista-csv';

const MONTH = new Date(2026, 10, 22);

function parse(csv: string): Array<Record<string, string>> {
  return Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
}

describe('writeVistaHeaderCsv', () => {
  it('writes one APHB header per invoice with the batch month, sequence and Vista field sizes', () => {
    const csv = writeVistaHeaderCsv([readyMix, lumberCredit, rentalTotalOnly], { month: MONTH, company: 5, vendorGroup: 2 });
    expect(csv.split('\r\n')[0]).toBe(VISTA_HEADER_COLUMNS.join(','));
    expect(parse(csv)).toEqual([
      {
        Co: '5',
        Mth: '11/01/2026',
        UISeq: '1',
        VendorGroup: '2',
        Vendor: 'RRM100',
        APRef: 'RM-88231',
        Description: 'Riverside Ready Mix, Inc.',
        InvDate: '11/03/2026',
        DueDate: '12/03/2026',
        InvTotal: '1558.50',
        HoldCode: '',
        PayMethod: 'C',
        Notes: '',
      },
      {
        Co: '5',
        Mth: '11/01/2026',
        UISeq: '2',
        VendorGroup: '2',
        Vendor: 'VLS200',
        APRef: 'CM-1044',
        Description: 'Valley Lumber & Supply',
        InvDate: '11/05/2026',
        DueDate: '',
        InvTotal: '-312.40',
        HoldCode: '',
        PayMethod: 'C',
        Notes: '',
      },
      {
        Co: '5',
        Mth: '11/01/2026',
        UISeq: '3',
        VendorGroup: '2',
        // Not in the vendor master: left for the user to fill.
        Vendor: '',
        APRef: 'SER-20261107-00',
        Description: 'Summit Equipment Rental',
        InvDate: '11/07/2026',
        DueDate: '11/17/2026',
        InvTotal: '2140.77',
        HoldCode: '',
        PayMethod: 'C',
        Notes: '',
      },
    ]);
  });

  it("carries the review's record in Notes: who confirmed, what was corrected, why a difference stands", () => {
    const reviewed = makeInvoice({
      ...readyMix,
      confirmedBy: 'Pat Clerk',
      corrections: [{ label: 'Invoice date', read: null, confirmed: '2026-11-02' }],
      differenceReason: 'Fuel surcharge billed separately',
    });
    const [row] = parse(writeVistaHeaderCsv([reviewed], { month: MONTH }));
    expect(row.Notes).toMatch(
      /^Confirmed by Pat Clerk on \d{4}-\d{2}-\d{2}\. Corrected: Invoice date: not read -> 2026-11-02\. Difference accepted: Fuel surcharge billed separately$/,
    );
  });

  it('ends every record with CRLF and quotes a vendor name holding commas and quotes', () => {
    const quoted = makeInvoice({ ...readyMix, vendorName: 'Smith, Jones "Concrete"', lines: [{ description: 'Pour', amount: 1558.5 }] });
    const csv = writeVistaHeaderCsv([quoted], { month: MONTH });
    expect(csv).toBe(
      'Co,Mth,UISeq,VendorGroup,Vendor,APRef,Description,InvDate,DueDate,InvTotal,HoldCode,PayMethod,Notes\r\n' +
        '1,11/01/2026,1,1,RRM100,RM-88231,"Smith, Jones ""Concrete""",11/03/2026,12/03/2026,1558.50,,C,',
    );
    expect(parse(csv)[0].Description).toBe('Smith, Jones "Concrete"');
  });

  it('uses the sum of the lines when no total was printed, and cuts descriptions to 30 characters', () => {
    const noTotal = makeInvoice({
      ...readyMix,
      invoiceTotal: null,
      vendorName: 'Northern California Aggregate & Trucking Company',
      lines: [
        { description: 'Base rock', amount: 10.1 },
        { description: 'Haul', amount: 20.2 },
      ],
    });
    const [row] = parse(writeVistaHeaderCsv([noTotal], { month: MONTH }));
    expect(row.InvTotal).toBe('30.30');
    expect(row.Description).toBe('Northern California Aggregate ');
  });

  it('quotes an invoice number or vendor that a spreadsheet would run as a formula, within the field size', () => {
    const hostile = makeInvoice({ ...readyMix, invoiceNumber: '=1+2+3+4+5+6+7+8', vendorName: '@SUM(A1)', lines: [{ description: 'x', amount: 1 }] });
    const [row] = parse(writeVistaHeaderCsv([hostile], { month: MONTH }));
    expect(row.APRef).toBe("'=1+2+3+4+5+6+7");
    expect(row.APRef).toHaveLength(15);
    expect(row.Description).toBe("'@SUM(A1)");
  });
});

describe('writeVistaLinesCsv', () => {
  it('writes APLB lines joined to their header by UISeq: job lines as type 1, others as expense type 3', () => {
    const csv = writeVistaLinesCsv([readyMix, lumberCredit, rentalTotalOnly], { month: MONTH });
    expect(csv.split('\r\n')[0]).toBe(VISTA_LINE_COLUMNS.join(','));
    const rows = parse(csv);
    expect(rows.map((row) => [row.UISeq, row.Line, row.LineType, row.Job, row.Amount])).toEqual([
      ['1', '1', '1', '2417', '1425.00'],
      ['1', '2', '1', '2417', '95.00'],
      ['1', '3', '1', '2417', '38.50'],
      ['2', '1', '1', '2417', '-287.40'],
      ['2', '2', '1', '2417', '-25.00'],
      ['3', '1', '3', '', '2140.77'],
    ]);
    expect(rows[0]).toEqual({
      Co: '1',
      Mth: '11/01/2026',
      UISeq: '1',
      Line: '1',
      LineType: '1',
      Job: '2417',
      Phase: '',
      JCCType: '',
      Description: '4000 PSI concrete, 9.5 CY',
      Units: '',
      Amount: '1425.00',
      PO: 'PO 2417-031',
    });
    expect(rows[5].Description).toBe('Invoice SER-20261107-0042-A to');
    expect(rows[5].PO).toBe('Rental agreement 7781');
  });

  it('keeps credit amounts as bare negative numbers but quotes formula-like text', () => {
    const hostile = makeInvoice({
      ...lumberCredit,
      lines: [
        { description: '=HYPERLINK("http://evil.example","Click")', amount: -10 },
        { description: '-5% restocking', amount: -0.5 },
      ],
    });
    const lines = writeVistaLinesCsv([hostile], { month: MONTH }).split('\r\n');
    expect(lines[1]).toBe(`1,11/01/2026,1,1,1,2417,,,"'=HYPERLINK(""http://evil.examp",,-10.00,`);
    expect(lines[2]).toBe("1,11/01/2026,1,2,1,2417,,,'-5% restocking,,-0.50,");
  });

  it('puts a multi-line description on one line', () => {
    const multiLine = makeInvoice({ ...readyMix, lines: [{ description: 'Pump truck\n4 hr minimum', amount: 600 }] });
    expect(parse(writeVistaLinesCsv([multiLine], { month: MONTH }))[0].Description).toBe('Pump truck 4 hr minimum');
  });
});
