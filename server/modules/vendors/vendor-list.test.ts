import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { planVendorImport } from './vendor-import';
import { parseVendorList, type VendorListEntry } from './vendor-list';

const failure = (rows: string[][]) => {
  try {
    parseVendorList(rows);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the list to be refused');
};

describe('parseVendorList', () => {
  it('finds the header below a title and blank rows and maps columns by meaning', () => {
    const { entries, skipped } = parseVendorList([
      ['Vendor Master List - exported 2024-05-01'],
      [],
      ['VendorID', 'Vendor Name', 'Legal Name', 'Status', 'Address 1', 'Address 2', 'City', 'ST', 'Zip Code', 'Phone #', 'E-mail', 'Fed ID'],
      [
        'V100',
        'Hendricks Lumber',
        'Hendricks Lumber & Supply Co.',
        'A',
        '1200 Industrial Blvd',
        'Suite 4',
        'Houston',
        'TX',
        '77002',
        '713-555-0142',
        'ap@hendricks.com',
        '12-3456789',
      ],
      ['V101', 'Gulf Coast Ready Mix, LLC', '', 'Inactive', '', '', '', '', '', '', '', ''],
      ['', '', '', '', '', '', '', '', '', '', '', ''],
    ]);
    expect(skipped).toEqual([]);
    expect(entries).toEqual([
      {
        row: 4,
        code: 'V100',
        name: 'Hendricks Lumber',
        legalName: 'Hendricks Lumber & Supply Co.',
        normalizedName: 'hendricks lumber',
        isActive: true,
        address: '1200 Industrial Blvd, Suite 4, Houston, TX 77002',
        phone: '713-555-0142',
        email: 'ap@hendricks.com',
        taxId: '12-3456789',
      },
      expect.objectContaining({ row: 5, code: 'V101', name: 'Gulf Coast Ready Mix, LLC', isActive: false, address: null, legalName: null }),
    ]);
  });

  it.each([
    ['Active', true],
    ['inactive', false],
    ['Y', true],
    ['N', false],
    ['TRUE', true],
    ['false', false],
    ['I', false],
    ['', null],
    ['maybe', null],
  ])('reads status %s as %s', (status, expected) => {
    const { entries } = parseVendorList([
      ['Name', 'Status'],
      ['Acme', status],
    ]);
    expect(entries[0].isActive).toBe(expected);
  });

  it('inverts an "Inactive" column and uses the legal name when there is no other name', () => {
    const { entries } = parseVendorList([
      ['Legal Name', 'Inactive?'],
      ['Acme Corp', 'Yes'],
    ]);
    expect(entries[0]).toMatchObject({ name: 'Acme Corp', legalName: null, isActive: false });
  });

  it('skips rows with reasons: no name, duplicates, a repeated header, a name of punctuation', () => {
    const { entries, skipped } = parseVendorList([
      ['Vendor #', 'Vendor Name', 'Contact Name'],
      ['1', 'Acme Supply', 'Jo'],
      ['2', '', 'Sam'],
      ['1', 'Acme Supply Two', ''],
      ['Vendor #', 'Vendor Name', 'Contact Name'],
      ['', 'Beta Builders', ''],
      ['', 'BETA BUILDERS INC', ''],
      ['3', '---', ''],
    ]);
    expect(entries.map((e) => e.name)).toEqual(['Acme Supply', 'Beta Builders']);
    expect(skipped).toEqual([
      { row: 3, reason: 'Row 3: no vendor name (vendor code 2)' },
      { row: 4, reason: 'Row 4: vendor code 1 already appears in row 2' },
      { row: 5, reason: 'Row 5: repeated header row' },
      { row: 7, reason: 'Row 7: "BETA BUILDERS INC" already appears in row 6 (add vendor codes to keep both)' },
      { row: 8, reason: 'Row 8: "---" is not a vendor name' },
    ]);
  });

  it('prefers "Vendor Name" to a bare "Vendor" column, which then holds the code', () => {
    const { entries } = parseVendorList([
      ['Vendor', 'Vendor Name', 'Name'],
      ['V7', 'Acme Supply', 'Jo Smith'],
    ]);
    expect(entries[0]).toMatchObject({ code: 'V7', name: 'Acme Supply' });
  });

  it('does not take a contact name for the vendor name', () => {
    expect(
      failure([
        ['Vendor ID', 'Contact Name', 'Phone'],
        ['1', 'Jo', '555-1234'],
      ]),
    ).toMatchObject({
      statusCode: 422,
      code: 'no_name_column',
    });
  });

  it('refuses a sheet without a header row, and an empty one', () => {
    const noHeader = failure([
      ['Acme', '12'],
      ['Beta', '13'],
    ]);
    expect(noHeader).toMatchObject({ statusCode: 422, code: 'no_header_row' });
    expect(noHeader.message).toMatch(/first 20 rows/);
    expect(failure([[], ['', '']])).toMatchObject({ code: 'empty_vendor_list' });
  });
});

const entry = (
  row: number,
  name: string,
  normalizedName: string,
  code: string | null = null,
  extra: Partial<VendorListEntry> = {},
): VendorListEntry => ({
  row,
  code,
  name,
  normalizedName,
  legalName: null,
  isActive: null,
  address: null,
  phone: null,
  email: null,
  taxId: null,
  ...extra,
});

describe('planVendorImport', () => {
  it('updates by code, else by name, adopts an uncoded vendor, and creates the rest', () => {
    const plan = planVendorImport(
      [
        entry(2, 'Acme Supply', 'acme supply', 'V1', { phone: '555-0100' }),
        entry(3, 'Beta Builders', 'beta builders'),
        entry(4, 'Gamma Glass', 'gamma glass', 'V3'),
        entry(5, 'Delta Drywall', 'delta drywall', null, { isActive: false }),
      ],
      [
        { id: 'a', code: 'V1', normalizedName: 'acme old name' },
        { id: 'b', code: 'V2', normalizedName: 'beta builders' },
        { id: 'g', code: null, normalizedName: 'gamma glass' },
      ],
    );
    expect(plan.updates).toEqual([
      { id: 'a', changes: { name: 'Acme Supply', normalizedName: 'acme supply', code: 'V1', phone: '555-0100' } },
      { id: 'b', changes: { name: 'Beta Builders', normalizedName: 'beta builders' } },
      { id: 'g', changes: { name: 'Gamma Glass', normalizedName: 'gamma glass', code: 'V3' } },
    ]);
    expect(plan.inserts).toEqual([{ name: 'Delta Drywall', normalizedName: 'delta drywall', isActive: false }]);
    expect(plan.result).toEqual({ created: 1, updated: 3, skipped: [] });
  });

  it('skips a row that names a vendor another row already took, or an ambiguous name', () => {
    const plan = planVendorImport(
      [entry(2, 'Acme', 'acme', 'V1'), entry(3, 'ACME', 'acme'), entry(4, 'Twin', 'twin')],
      [
        { id: 't1', code: 'T1', normalizedName: 'twin' },
        { id: 't2', code: 'T2', normalizedName: 'twin' },
      ],
    );
    expect(plan.inserts).toHaveLength(1);
    expect(plan.result.skipped.map((s) => s.reason)).toEqual([
      'Row 3: same vendor as row 2',
      'Row 4: "Twin" matches 2 vendors with different codes; add the vendor code to say which',
    ]);
  });
});
