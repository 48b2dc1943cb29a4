import { readFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { UploadFields } from '@contract/documents';
import { fileRefusal, type Detected, type RefusedFile, type SpooledFile } from '../../http/uploads';
import type { DocumentsService, FileOutcome, Uploader } from '../documents/documents.service';
import { VENDOR_LIST_MAX_BYTES, vendorListTooLarge, type VendorsService } from './vendors.service';

export interface VendorUploadDeps {
  vendors: Pick<VendorsService, 'importList'>;
  /** Keeps each imported list as a document too. */
  documents: Pick<DocumentsService, 'storeFiles'>;
  log: Pick<FastifyBaseLogger, 'info'>;
}

export function createVendorUploadIntake(deps: VendorUploadDeps) {
  /**
   * The sidebar's upload with the purpose 'vendor': each list is imported, then kept as a
   * document; a file that is not a usable vendor list fails alone and is not kept.
   */
  return async function intake(owner: Uploader, files: Array<SpooledFile<Detected>>, fields: UploadFields): Promise<FileOutcome[]> {
    const imported: Array<SpooledFile<Detected>> = [];
    const refused: RefusedFile[] = [];
    for (const file of files) {
      try {
        if (file.size > VENDOR_LIST_MAX_BYTES) throw vendorListTooLarge(file.name, VENDOR_LIST_MAX_BYTES);
        const result = await deps.vendors.importList({ filename: file.name, bytes: await readFile(file.path) });
        // The master is shared: who changed it stays on record.
        deps.log.info(
          { userId: owner.id, created: result.created, updated: result.updated, skipped: result.skipped },
          'vendor list imported from an upload',
        );
        imported.push(file);
      } catch (error) {
        refused.push({ index: file.index, name: file.name, error: fileRefusal(error) });
      }
    }
    return [...refused, ...(await deps.documents.storeFiles(owner, imported, fields))];
  };
}
