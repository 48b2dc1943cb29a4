import { z } from 'zod';

/** The organisation's vendor master: every user of this KAI instance shares it. */
export const vendorDto = z.object({
  id: z.string(),
  /** The vendor id or code from the accounting system, when the list carried one. */
  code: z.string().nullable(),
  name: z.string(),
  /** The legal entity name when it differs from the trading name (shown in the picker). */
  legalEntity: z.string().nullable(),
  isActive: z.boolean(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  taxId: z.string().nullable(),
});
export type VendorDto = z.infer<typeof vendorDto>;

export const vendorListQuery = z.object({
  /** Optional search text: ranked by name similarity when given. */
  q: z.string().max(200).optional(),
});

/** POST /api/upload-vendor-list (multipart: file). */
export const VENDOR_LIST_EXTENSIONS = ['.csv', '.xlsx', '.xls'];

const skippedVendorRow = z.object({
  /** 1-based row number in the file, as a spreadsheet shows it. */
  row: z.number().int(),
  reason: z.string(),
});

export const vendorUploadResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.number().int(),
  /** The first rows that were skipped, with why (at most 50). */
  skippedRows: z.array(skippedVendorRow),
});
export type VendorUploadResponse = z.infer<typeof vendorUploadResponse>;

/** A suggested vendor for an invoice or a line, best first. */
export const vendorMatch = z.object({
  vendor_id: z.string(),
  name: z.string(),
  /** 0..1: name similarity, raised by matching address, phone or e-mail domain, or a remembered alias. */
  score: z.number(),
  reason: z.enum(['alias', 'code', 'name', 'contact']),
});
export type VendorMatch = z.infer<typeof vendorMatch>;
