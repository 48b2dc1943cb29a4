import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ChatSession } from '@contract/chat';
import type { UploadResponse } from '@contract/documents';
import type { ConfirmInvoiceResponse, UploadInvoiceResponse } from '@contract/invoices';
import type { VendorDto } from '@contract/vendors';
import { makeTextPdf } from '../../adapters/extractors/test-fixtures';
import { uploadForm } from '../../test/documents-app';

/** Kinds of things a user owns that a route can name by id. */
export type Resource = 'chatSession' | 'document' | 'invoice' | 'importBatch' | 'vendor' | 'voiceClip' | 'apiToken';

export type OwnedIds = Record<Resource, string>;

/**
 * One of each resource, created through the API as its owner would, each carrying `marker` in
 * what it shows (title, message, file bytes, invoice number), so an answer that leaks it to
 * someone else can be recognised. Vendors are the organisation's, not the user's: one is made
 * so the shared route has a real id to be read with.
 */
export async function createOwnedResources(app: FastifyInstance, owner: { authorization: string }, marker: string): Promise<OwnedIds> {
  const call = async (method: 'GET' | 'POST', url: string, payload?: object | FormData) => {
    const response = await app.inject({ method, url, headers: owner, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };

  // Session 1 is everyone's default (created on first use), so the id must be another number.
  let session: ChatSession;
  do session = await call('POST', '/api/chat/sessions', { title: `${marker} plans` });
  while (session.id === 1);
  await call('POST', '/api/chat', { message: `${marker} when is retainage released?`, sessionId: session.id });

  const pdf = makeTextPdf([[[72, 760, `${marker} site diary`]]]);
  const uploaded: UploadResponse = await call('POST', '/api/upload', uploadForm([{ name: `${marker}-diary.pdf`, bytes: pdf }]));

  const invoicePdf = makeTextPdf([
    [
      [72, 760, 'ACME SUPPLY CO'],
      [72, 740, 'INVOICE'],
      [72, 720, `Invoice Number: ${marker}-1`],
      [72, 700, 'Invoice Date: 2025-01-05'],
      [72, 600, 'Total Due: $1,200.00'],
    ],
  ]);
  const invoiceForm = new FormData();
  invoiceForm.append('file', new Blob([new Uint8Array(invoicePdf)]), `${marker}-invoice.pdf`);
  const {
    parsed_invoice: [invoice],
  }: UploadInvoiceResponse = await call('POST', '/api/upload-invoice', invoiceForm);
  const confirmed: ConfirmInvoiceResponse = await call('POST', '/api/confirm-invoice', {
    parsed_invoice: { invoice_id: invoice.invoice_id },
    mappings: invoice.invoice_lines.map((line) => ({ line_number: line.line_number, amount: line.amount, chosen_vendor: 'ACME SUPPLY CO' })),
    is_last_invoice: true,
    session_id: `${marker}-dialog`,
  });
  const batchId = confirmed.download_url?.match(/invoice-imports\/([^/]+)\/download/)?.[1];
  expect(batchId, JSON.stringify(confirmed)).toBeTruthy();

  const vendorForm = new FormData();
  vendorForm.append('file', new Blob(['Vendor ID,Vendor Name,Status\nV100,Shared Gravel Ltd,Active\n']), 'vendors.csv');
  await call('POST', '/api/upload-vendor-list', vendorForm);
  const [vendor]: VendorDto[] = await call('GET', '/api/vendors?q=Shared%20Gravel');

  const { audioUrl } = (await call('POST', '/api/voice/synthesize', { text: `${marker} is read aloud.` })) as { audioUrl: string };
  const apiToken = (await call('POST', '/api/tokens', { name: `${marker} script`, expiresInDays: 30 })) as { id: string };

  return {
    chatSession: String(session.id),
    document: uploaded.files[0].id,
    invoice: invoice.invoice_id,
    importBatch: batchId!,
    vendor: vendor.id,
    voiceClip: audioUrl.split('/').pop()!,
    apiToken: apiToken.id,
  };
}
