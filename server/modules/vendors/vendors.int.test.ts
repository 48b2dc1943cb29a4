import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorDto, VendorUploadResponse } from '@contract/vendors';
import { lyingPart, withExtraParts } from '../../adapters/extractors/bomb-fixtures';
import { makeTextPdf } from '../../adapters/extractors/test-fixtures';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../test/databases';
import { FakeIssuer } from '../../test/fake-issuer';
import { matchVendors, rememberVendorAlias } from './vendor-matching';
import { createVendorsRepository } from './vendors.repository';

const AUDIENCE = 'https://kai.example.com/api';

function vendorForm(name: string, bytes: Uint8Array | string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  return form;
}

async function makeXlsx(rows: Array<Array<string | number>>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Vendors').addRows(rows);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function makeXls(rows: Array<Array<string | number>>): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Vendors');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xls' }) as Buffer;
}

describe.each(databaseKinds)('vendors (%s)', (kind) => {
  let issuer: FakeIssuer;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    issuer = await new FakeIssuer().start();
    database = await createTestDatabase(kind);
    ({ app } = await buildTestApp(database.handle, { OIDC_ISSUER: issuer.issuer, OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: AUDIENCE }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await issuer?.stop();
  });

  const auth = async (sub = 'clerk') => ({ authorization: `Bearer ${await issuer.sign({ sub, aud: AUDIENCE, email: `${sub}@example.com` })}` });
  const upload = async (name: string, bytes: Uint8Array | string) =>
    app.inject({ method: 'POST', url: '/api/upload-vendor-list', headers: await auth(), payload: vendorForm(name, bytes) });
  const uploadOk = async (name: string, bytes: Uint8Array | string) => {
    const res = await upload(name, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as VendorUploadResponse;
  };
  const listVendors = async (q?: string) => {
    const res = await app.inject({ url: `/api/vendors${q === undefined ? '' : `?q=${encodeURIComponent(q)}`}`, headers: await auth() });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as VendorDto[];
  };
  const vendorCount = async () => {
    const result = (await database.handle.db.execute(sql`select count(*) as n from vendors`)) as unknown as { rows: Array<{ n: unknown }> };
    return Number(result.rows[0].n);
  };
  const byName = async (name: string) => (await listVendors()).find((v) => v.name === name)!;
  const deps = () => ({ repository: createVendorsRepository(database.handle.db) });

  it('refuses anonymous callers', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/upload-vendor-list', payload: vendorForm('v.csv', 'Name\nAcme\n') });
    expect(res.statusCode).toBe(401);
    expect((await app.inject({ url: '/api/vendors' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/vendors/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(401);
  });

  it('imports a CSV whose header sits below a title row, and lists vendors by name', async () => {
    const csv = [
      'Vendor Master List,,,,,',
      ',,,,,',
      'Vendor ID,Vendor Name,Status,Address,Phone,Email',
      'V100,Hendricks Lumber & Supply Co.,Active,"1200 Industrial Blvd, Houston, TX 77002",(713) 555-0142,ap@hendrickslumber.com',
      'V101,"Gulf Coast Ready Mix, LLC",A,,,',
      'V102,ABC Supply,Y,,,',
      'V103,ABC Supply of Texas,Inactive,,,',
    ].join('\r\n');
    const result = await uploadOk('vendors.csv', `\uFEFF${csv}`);
    expect(result).toEqual({
      success: true,
      message: 'Imported 4 vendors: 4 created, 0 updated, 0 skipped.',
      created: 4,
      updated: 0,
      skipped: 0,
      skippedRows: [],
    });

    const vendors = await listVendors();
    expect(vendors.map((v) => v.name)).toEqual(['ABC Supply', 'ABC Supply of Texas', 'Gulf Coast Ready Mix, LLC', 'Hendricks Lumber & Supply Co.']);
    expect(vendors[3]).toEqual({
      id: expect.any(String),
      code: 'V100',
      name: 'Hendricks Lumber & Supply Co.',
      legalEntity: null,
      isActive: true,
      address: '1200 Industrial Blvd, Houston, TX 77002',
      phone: '(713) 555-0142',
      email: 'ap@hendrickslumber.com',
      taxId: null,
    });
    expect(vendors[1].isActive).toBe(false);
  });

  it('updates on re-upload instead of duplicating, and never erases with an empty cell', async () => {
    const before = await vendorCount();
    const csv = [
      'Vendor ID,Vendor Name,Status,Phone',
      'V100,Hendricks Lumber & Supply Co.,Inactive,',
      'V101,Gulf Coast Ready Mix LLC,Active,409-555-0100',
    ].join('\n');
    const result = await uploadOk('vendors-again.csv', csv);
    expect(result).toMatchObject({ created: 0, updated: 2, skipped: 0, message: 'Imported 2 vendors: 0 created, 2 updated, 0 skipped.' });
    expect(await vendorCount()).toBe(before);
    const hendricks = await byName('Hendricks Lumber & Supply Co.');
    expect(hendricks).toMatchObject({ isActive: false, phone: '(713) 555-0142' });
    expect(await byName('Gulf Coast Ready Mix LLC')).toMatchObject({ code: 'V101', phone: '409-555-0100' });
  });

  it('imports an XLSX workbook (built with exceljs)', async () => {
    const xlsx = await makeXlsx([
      ['Exported from Structure ERP'],
      [],
      ['Vendor #', 'Name', 'Legal Name', 'Active?', 'Street', 'City', 'State', 'Zip', 'Telephone', 'TIN'],
      ['X200', 'Pinnacle Steel', 'Pinnacle Steel Fabricators, Inc.', 'Yes', '55 Foundry Rd', 'Tulsa', 'OK', 74101, '918-555-0199', '73-1234567'],
      ['X201', 'Delta Drywall', '', 'No', '', '', '', '', '', ''],
    ]);
    const result = await uploadOk('vendors.xlsx', xlsx);
    expect(result).toMatchObject({ created: 2, updated: 0, skipped: 0 });
    expect(await byName('Pinnacle Steel')).toMatchObject({
      code: 'X200',
      legalEntity: 'Pinnacle Steel Fabricators, Inc.',
      isActive: true,
      address: '55 Foundry Rd, Tulsa, OK 74101',
      phone: '918-555-0199',
      taxId: '73-1234567',
    });
    expect(await byName('Delta Drywall')).toMatchObject({ isActive: false });
  });

  it('imports a legacy XLS workbook (built with SheetJS), whatever its name says', async () => {
    const xls = makeXls([
      ['Vendor Code', 'Vendor Name', 'Status', 'E-mail'],
      ['L300', 'Lone Star Electric Supply', 'A', 'billing@lonestarelectric.com'],
      ['L301', 'Brazos Brothers Plumbing', 'I', ''],
    ]);
    const result = await uploadOk('vendors.bin', xls);
    expect(result).toMatchObject({ created: 2, skipped: 0 });
    expect(await byName('Lone Star Electric Supply')).toMatchObject({ code: 'L300', email: 'billing@lonestarelectric.com', isActive: true });
    expect(await byName('Brazos Brothers Plumbing')).toMatchObject({ isActive: false });
  });

  it('skips bad rows and says why', async () => {
    const csv = ['Vendor ID;Vendor Name;Status', 'B1;Bluebonnet Concrete;A', 'B2;;A', 'B1;Bluebonnet Concrete Again;A', ';Ironwood Framing;A'].join(
      '\n',
    );
    const result = await uploadOk('semicolons.csv', csv);
    expect(result).toMatchObject({ created: 2, updated: 0, skipped: 2, message: 'Imported 4 vendors: 2 created, 0 updated, 2 skipped.' });
    expect(result.skippedRows).toEqual([
      { row: 3, reason: 'Row 3: no vendor name (vendor code B2)' },
      { row: 4, reason: 'Row 4: vendor code B1 already appears in row 2' },
    ]);
  });

  it('refuses a list without a name column and imports nothing', async () => {
    const before = await vendorCount();
    const res = await upload('no-names.csv', 'Vendor ID,Phone,Email\nN1,555-0100,a@b.com\nN2,555-0101,c@d.com\n');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: { code: 'no_name_column', message: expect.stringMatching(/no vendor name column.*"Vendor ID", "Phone", "Email"/) },
    });
    expect(await vendorCount()).toBe(before);

    const headerless = await upload('headerless.csv', 'Acme,12\nBeta,13\n');
    expect(headerless.statusCode).toBe(422);
    expect(headerless.json().error.code).toBe('no_header_row');
    const empty = await upload('empty.csv', '');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.message).toBe('empty.csv is empty.');
    expect(await vendorCount()).toBe(before);
  });

  it('refuses what is not a spreadsheet (415), a damaged workbook (422) and an oversized file (413)', async () => {
    const pdf = await upload('vendors.csv', makeTextPdf([[[72, 760, 'Vendor list']]]));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error).toEqual({
      code: 'unsupported_type',
      message: 'vendors.csv: This file is a PDF. Only CSV or Excel (.csv, .xlsx, .xls) files can be imported.',
    });
    const html = await upload('export.xls', '<html><body><table><tr><td>Vendor Name</td></tr></table></body></html>');
    expect(html.statusCode).toBe(415);
    expect(html.json().error.message).toMatch(/web page \(HTML\).*save it as \.xlsx or CSV/);
    const text = await upload('notes.txt', 'just some notes\nabout vendors\n');
    expect(text.statusCode).toBe(415);

    const broken = Buffer.from(makeXls([['Vendor Name'], ['Acme']]));
    const damaged = await upload('broken.xls', broken.subarray(0, 1024));
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().error.message).toMatch(/^broken\.xls: The Excel \(\.xls\) workbook could not be read/);

    const big = await upload('big.csv', `Vendor Name\n${'Acme Supply Company of Texas\n'.repeat(400_000)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('big.csv is larger than the 10 MB limit for vendor lists.');
  });

  it('refuses a workbook whose part lies about its size (413) without inflating it, and imports nothing', async () => {
    const before = await vendorCount();
    const workbook = await makeXlsx([['Vendor Name'], ['Zip Bomb Supply']]);
    const lying = await withExtraParts(workbook, [lyingPart('xl/media/image1.png', 512)]);
    const res = await upload('vendors.xlsx', lying);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: {
        code: 'limits',
        message:
          'vendors.xlsx: The Excel workbook was refused: a part unpacks to more than its header says (xl/media/image1.png), which looks like a ZIP bomb.',
      },
    });
    expect(await vendorCount()).toBe(before);
  });

  it('answers one vendor, 404 for an unknown id and 400 for a malformed one', async () => {
    const hendricks = await byName('Hendricks Lumber & Supply Co.');
    const one = await app.inject({ url: `/api/vendors/${hendricks.id}`, headers: await auth() });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(hendricks);
    const missing = await app.inject({ url: '/api/vendors/00000000-0000-4000-8000-000000000000', headers: await auth() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    const malformed = await app.inject({ url: '/api/vendors/not-a-uuid', headers: await auth() });
    expect(malformed.statusCode).toBe(400);
  });

  it('searches by similarity with ?q=', async () => {
    const results = await listVendors('hendriks lumber');
    expect(results[0].name).toBe('Hendricks Lumber & Supply Co.');
    expect((await listVendors('V101'))[0].code).toBe('V101');
    expect((await listVendors('ABC Supply')).slice(0, 2).map((v) => v.name)).toEqual(['ABC Supply', 'ABC Supply of Texas']);
  });

  describe('matching', () => {
    it('matches an exact name first, above its near-duplicate', async () => {
      const matches = await matchVendors(deps(), { name: 'ABC SUPPLY CO.' });
      expect(matches[0]).toMatchObject({ name: 'ABC Supply', score: 1, reason: 'name' });
      expect(matches[1]).toMatchObject({ name: 'ABC Supply of Texas', reason: 'name' });
      expect(matches[1].score).toBeLessThan(0.9);
      const texas = await matchVendors(deps(), { name: 'ABC Supply Co. of Texas' });
      expect(texas[0].name).toBe('ABC Supply of Texas');
    });

    it('matches noisy spellings', async () => {
      for (const printed of ['Hendricks Lumber and Supp1y Company', 'HENDRlCKS LUMBER & SUP', 'Hendriks Lumber & Supply, Inc.']) {
        const [best] = await matchVendors(deps(), { name: printed });
        expect(best, printed).toMatchObject({ name: 'Hendricks Lumber & Supply Co.', reason: 'name' });
        expect(best.score).toBeGreaterThan(0.7);
      }
      expect((await matchVendors(deps(), { name: 'Brazos Bros Plumbing' }))[0]).toMatchObject({ name: 'Brazos Brothers Plumbing', score: 1 });
      expect(await matchVendors(deps(), { name: 'Zebra Quantum Optics' })).toEqual([]);
    });

    it('raises a weak name match when the phone or e-mail domain agrees', async () => {
      const [byPhone] = await matchVendors(deps(), { name: 'HLS Yard', phone: '+1 713 555 0142' });
      expect(byPhone).toMatchObject({ name: 'Hendricks Lumber & Supply Co.', reason: 'contact' });
      const [byEmail] = await matchVendors(deps(), { name: 'Lone Star Elec', email: 'invoices@lonestarelectric.com' });
      expect(byEmail).toMatchObject({ name: 'Lone Star Electric Supply', reason: 'contact' });
      // Webmail says nothing about the sender.
      const webmail = await matchVendors(deps(), { name: 'Qzx', email: 'someone@gmail.com' });
      expect(webmail).toEqual([]);
    });

    it('remembers a confirmed alias and matches it first time after', async () => {
      await app.inject({ url: '/api/vendors', headers: await auth('alias-user') });
      const users = (await database.handle.db.execute(sql`select id from users where subject = 'alias-user'`)) as unknown as {
        rows: Array<{ id: string }>;
      };
      const pinnacle = await byName('Pinnacle Steel');
      const before = await matchVendors(deps(), { name: 'PSF Tulsa Yard' });
      expect(before[0]?.vendor_id).not.toBe(pinnacle.id);
      await rememberVendorAlias(deps(), 'P.S.F. Tulsa Yard, Inc.', pinnacle.id, users.rows[0].id);
      const after = await matchVendors(deps(), { name: 'PSF TULSA YARD' });
      expect(after[0]).toEqual({ vendor_id: pinnacle.id, name: 'Pinnacle Steel', score: 1, reason: 'alias' });
      await expect(rememberVendorAlias(deps(), 'Whatever', '00000000-0000-4000-8000-000000000000', null)).rejects.toMatchObject({ statusCode: 404 });
    });

    it('ranks an inactive vendor below an active one at the same score', async () => {
      await uploadOk('twins.csv', 'Vendor ID,Vendor Name,Status\nT1,Twin Peaks Paving,Inactive\nT2,Twin Peaks Paving,Active\n');
      const matches = await matchVendors(deps(), { name: 'Twin Peaks Paving' });
      expect(matches.slice(0, 2).map((m) => m.score)).toEqual([1, 1]);
      const first = (await listVendors()).find((v) => v.id === matches[0].vendor_id)!;
      expect(first).toMatchObject({ code: 'T2', isActive: true });
    });
  });
});
