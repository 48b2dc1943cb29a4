import type { VendorDto, VendorUploadResponse } from '@contract/vendors';
import { ExtractionError, detectTableKind, type TableKind, type TableRows } from '../../adapters/extractors';
import { AppError, NotFoundError, ValidationError } from '../../errors';
import { formatBytes } from '../../http/filename';
import { planVendorImport } from './vendor-import';
import { parseVendorList } from './vendor-list';
import { normalizeVendorName } from './vendor-names';
import type { VendorRow, VendorsRepository } from './vendors.repository';
import { isUuid } from '../../db/ids';

/** Rows read from one list; a longer list is refused rather than half imported. */
export const VENDOR_LIST_MAX_ROWS = 20_000;
/** Vendor lists are small; anything bigger is almost certainly the wrong file. */
export const VENDOR_LIST_MAX_BYTES = 10 * 1024 * 1024;
const VENDOR_SEARCH_LIMIT = 50;
const SKIPPED_ROWS_SHOWN = 50;

export interface VendorsServiceDeps {
  repository: VendorsRepository;
  /** Reads the spreadsheet's rows in the extractor sandbox. */
  readRows(input: { bytes: Uint8Array; kind: TableKind }): Promise<TableRows>;
}

export interface VendorListFile {
  filename: string;
  bytes: Uint8Array;
}

export function createVendorsService(deps: VendorsServiceDeps) {
  const { repository } = deps;

  async function readRows(file: VendorListFile): Promise<TableRows> {
    const detected = await detectTableKind(file.bytes.subarray(0, 64 * 1024), file.filename);
    if (detected.unsupported) {
      if (detected.detected === 'empty') throw new AppError(422, 'empty_vendor_list', `${file.filename} is empty.`);
      throw new AppError(415, 'unsupported_type', `${file.filename}: ${detected.reason}`);
    }
    try {
      return await deps.readRows({ bytes: file.bytes, kind: detected.kind });
    } catch (error) {
      // The sandbox's messages are written for the uploader; only the file name is added.
      if (error instanceof ExtractionError && error.statusCode < 500)
        throw new AppError(error.statusCode, error.code, `${file.filename}: ${error.message}`);
      throw error;
    }
  }

  /** Upserts every usable row in one transaction; a list that cannot be read imports nothing. */
  async function importList(file: VendorListFile): Promise<VendorUploadResponse> {
    const table = await readRows(file);
    if (table.truncated) {
      throw new AppError(
        413,
        'too_many_rows',
        `${file.filename} has more than ${VENDOR_LIST_MAX_ROWS.toLocaleString('en-US')} rows; split it into smaller lists.`,
      );
    }
    const parsed = parseVendorList(table.rows);
    if (parsed.entries.length === 0) {
      const why = parsed.skipped
        .slice(0, 3)
        .map((s) => s.reason)
        .join('; ');
      throw new AppError(422, 'no_vendors', `${file.filename} has no vendor rows to import${why ? ` (${why})` : ''}.`);
    }
    const counts = await repository.importVendors((existing) => planVendorImport(parsed.entries, existing));
    const skippedRows = [...parsed.skipped, ...counts.skipped].sort((a, b) => a.row - b.row);
    const total = counts.created + counts.updated + skippedRows.length;
    return {
      success: true,
      message: `Imported ${total} ${total === 1 ? 'vendor' : 'vendors'}: ${counts.created} created, ${counts.updated} updated, ${skippedRows.length} skipped.`,
      created: counts.created,
      updated: counts.updated,
      skipped: skippedRows.length,
      skippedRows: skippedRows.slice(0, SKIPPED_ROWS_SHOWN),
    };
  }

  return {
    importList,

    /** Every vendor by name, or with `q` the most similar names first (at most 50). */
    async list(q?: string): Promise<VendorDto[]> {
      const query = q?.trim();
      if (!query) return (await repository.list()).map(toVendorDto);
      const normalized = normalizeVendorName(query);
      const byCode = await repository.findByCode(query);
      const similar = normalized ? await repository.searchByName(normalized, VENDOR_SEARCH_LIMIT, { partial: true }) : [];
      const rows = byCode ? [byCode, ...similar.filter((row) => row.id !== byCode.id)] : similar;
      return rows.slice(0, VENDOR_SEARCH_LIMIT).map(toVendorDto);
    },

    async get(id: string): Promise<VendorDto> {
      if (!isUuid(id)) throw new ValidationError('The vendor id is not valid.', 'invalid_id');
      const row = await repository.findById(id);
      if (!row) throw new NotFoundError('Vendor not found');
      return toVendorDto(row);
    },
  };
}

export type VendorsService = ReturnType<typeof createVendorsService>;

export function vendorListTooLarge(name: string, limit: number): AppError {
  return new AppError(413, 'file_too_large', `${name} is larger than the ${formatBytes(limit)} limit for vendor lists.`);
}

export function toVendorDto(row: VendorRow): VendorDto {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    legalEntity: row.legalName,
    isActive: row.isActive,
    address: row.address,
    phone: row.phone,
    email: row.email,
    taxId: row.taxId,
  };
}
