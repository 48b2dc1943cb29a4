import { describe, expect, it } from 'vitest';
import { detectFileType, hasConsistentDelimiter } from './file-type';
import {
  makeDocx,
  makeOle2,
  makePixelBombPng,
  makeTextPdf,
  makeXls,
  makeXlsx,
  makeZip,
  readSubcontractNoteDoc,
  renderTextImage,
} from './test-fixtures';

const ascii = (text: string) => new Uint8Array(Buffer.from(text));

describe('detectFileType', () => {
  it('recognises each accepted type from its content', async () => {
    const cases: Array<[Uint8Array, string]> = [
      [makeTextPdf([[[72, 700, 'Hello']]]), 'pdf'],
      [makeDocx({ heading: 'H', paragraphs: ['p'] }), 'docx'],
      [await makeXlsx({ Sheet1: [['a', 'b']] }), 'xlsx'],
      [makeXls({ Sheet1: [['a', 'b']] }), 'xls'],
      [ascii('name,amount\nA,1\nB,2\n'), 'csv'],
      [ascii('\uFEFFname;amount;date\nA;1,50;2024-01-01\n'), 'csv'],
      [await renderTextImage(['x'], 'png', { width: 40, height: 20 }), 'png'],
      [await renderTextImage(['x'], 'jpeg', { width: 40, height: 20 }), 'jpeg'],
      [await renderTextImage(['x'], 'webp', { width: 40, height: 20 }), 'webp'],
    ];
    for (const [bytes, kind] of cases) {
      expect(await detectFileType(bytes), kind).toMatchObject({ kind, mismatch: false });
    }
  });

  it('tells DOCX from XLSX by the ZIP entries when only the head is given', async () => {
    const docx = makeDocx({ heading: 'H', paragraphs: ['p'] });
    expect(await detectFileType(docx.subarray(0, 2048), 'a.docx')).toMatchObject({ kind: 'docx' });
    const xlsx = await makeXlsx({ Sheet1: [['a']] });
    expect(await detectFileType(xlsx, 'b.xlsx')).toMatchObject({ kind: 'xlsx' });
  });

  it('reports what the name claims against what the content is', async () => {
    const png = await renderTextImage(['x'], 'png', { width: 40, height: 20 });
    expect(await detectFileType(png, 'invoice.pdf')).toEqual({
      kind: 'png',
      mime: 'image/png',
      declaredKind: 'pdf',
      mismatch: true,
    });
    expect(await detectFileType(png, 'scan')).toMatchObject({ declaredKind: null, mismatch: false });
  });

  it('refuses executables, HTML, SVG and scripts whatever their name', async () => {
    const mz = new Uint8Array(512);
    mz.set([0x4d, 0x5a, 0x90, 0x00]);
    const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)]);
    const refusals: Array<[Uint8Array, string]> = [
      [mz, 'invoice.pdf'],
      [elf, 'data.csv'],
      [ascii('<!DOCTYPE html><html><body>hi</body></html>'), 'invoice.pdf'],
      [ascii('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'logo.png'],
      [ascii('#!/bin/sh\nrm -rf /\n'), 'rows.csv'],
      [ascii('just some words\nwithout any delimiters at all\n'), 'notes.txt'],
    ];
    for (const [bytes, name] of refusals) {
      const result = await detectFileType(bytes, name);
      expect(result, name).toMatchObject({ unsupported: true });
      expect('reason' in result && result.reason).toContain('Accepted types: PDF, Word (.docx, .doc), Excel (.xlsx, .xls), CSV, JPEG, PNG, WebP');
    }
  });

  it('accepts a legacy Excel .xls by its Workbook stream, whatever the name says', async () => {
    const xls = makeXls({ Costs: [['Item', 'Amount']] });
    expect(await detectFileType(xls, 'costs.xls')).toEqual({ kind: 'xls', mime: 'application/vnd.ms-excel', declaredKind: 'xls', mismatch: false });
    expect(await detectFileType(xls, 'costs.xlsx')).toMatchObject({ kind: 'xls', mismatch: true });
    // Excel 5 names the stream Book; a Word file embedded deeper does not make it a document.
    expect(await detectFileType(makeOle2({ '/Book': 'x' }), 'old.xls')).toMatchObject({ kind: 'xls' });
    expect(await detectFileType(makeOle2({ '/Workbook': 'x', '/MBD0001/WordDocument': 'y' }), 'a.xls')).toMatchObject({ kind: 'xls' });
  });

  it('accepts a Word 97-2003 .doc by its WordDocument stream, whatever the name says', async () => {
    const doc = readSubcontractNoteDoc();
    expect(await detectFileType(doc, 'note.doc')).toEqual({ kind: 'doc', mime: 'application/msword', declaredKind: 'doc', mismatch: false });
    expect(await detectFileType(doc, 'note.xls')).toMatchObject({ kind: 'doc', mismatch: true });
    expect(await detectFileType(doc)).toMatchObject({ kind: 'doc', declaredKind: null, mismatch: false });
    // A workbook embedded in the document does not make it one.
    const embedding = makeOle2({ '/WordDocument': 'x'.repeat(5000), '/1Table': 'y', '/ObjectPool/_1/Workbook': 'z' });
    expect(await detectFileType(embedding, 'letter.doc')).toMatchObject({ kind: 'doc', mismatch: false });
    // An Excel workbook named .doc is what it is, and the name is a mismatch.
    expect(await detectFileType(makeXls({ Costs: [['Item']] }), 'minutes.doc')).toMatchObject({ kind: 'xls', declaredKind: 'doc', mismatch: true });
  });

  it('refuses other legacy Office files with what to do instead', async () => {
    expect(await detectFileType(makeOle2({ '/PowerPoint Document': 'x' }), 'deck.ppt')).toMatchObject({ unsupported: true, detected: 'ppt' });
    const locked = await detectFileType(makeOle2({ '/EncryptedPackage': 'x', '/EncryptionInfo': 'y' }), 'locked.xlsx');
    expect('reason' in locked && locked.reason).toMatch(/^This file is password-protected/);
    for (const name of ['thing.xls', 'thing.doc']) {
      const other = await detectFileType(makeOle2({ '/Contents': 'x' }), name);
      expect(other, name).toMatchObject({ unsupported: true, detected: 'cfb' });
      expect('reason' in other && other.reason, name).toMatch(
        /^This Office 97-2003 file is neither a Word document nor an Excel workbook, and is not supported\. Accepted types: /,
      );
    }
  });

  it('lets the name decide for now when the OLE2 directory lies past the head', async () => {
    const doc = makeOle2({ '/WordDocument': 'x'.repeat(5000) });
    const head = doc.subarray(0, 1024);
    // Taken as the name says: the worker looks again in the whole file, and word-extractor or
    // SheetJS refuses one that holds no document of that kind.
    expect(await detectFileType(head, 'letter.doc')).toMatchObject({ kind: 'doc', mismatch: false });
    expect(await detectFileType(head, 'deck.ppt')).toMatchObject({ unsupported: true, detected: 'ppt' });
    expect(await detectFileType(head, 'notes.txt')).toMatchObject({ unsupported: true, detected: 'cfb' });
    expect(await detectFileType(head, 'costs.xls')).toMatchObject({ kind: 'xls' });
    expect(await detectFileType(head)).toMatchObject({ kind: 'xls' });
  });

  it('refuses ZIPs other than DOCX and XLSX with a readable reason', async () => {
    const zip = makeZip([{ name: 'photos/a.txt', data: 'x' }]);
    expect(await detectFileType(zip, 'a.zip')).toMatchObject({ unsupported: true, detected: 'zip' });
  });

  it('needs binary-free UTF-8 for CSV', async () => {
    expect(await detectFileType(new Uint8Array([0x61, 0x2c, 0x62, 0x0a, 0xff, 0xfe, 0x2c, 0x00]))).toMatchObject({ unsupported: true });
    // A multi-byte character cut by the end of the head is still text.
    const head = Buffer.from('a,b\nü,ö\nx,é');
    expect(await detectFileType(head.subarray(0, head.length - 1))).toMatchObject({ kind: 'csv' });
  });

  it('requires the same delimiter count on each line', () => {
    expect(hasConsistentDelimiter('a,b,c\n1,2,3\n"x,y",2,3\n')).toBe(true);
    expect(hasConsistentDelimiter('a;b\n1;2\n')).toBe(true);
    expect(hasConsistentDelimiter('Dear team,\nplease pay the invoice, thanks, bye\n')).toBe(false);
  });

  it('does not decode a pixel bomb to classify it', async () => {
    expect(await detectFileType(makePixelBombPng(50_000, 50_000), 'bomb.png')).toMatchObject({ kind: 'png' });
  });
});
