import { Readable } from 'node:stream';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { deleteBlob, readBlob, writeBlob } from '../../adapters/blob-storage';
import type { Database } from '../../db/client';
import { importBatches, invoices } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = Omit<typeof invoices.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
export type ImportBatchRow = typeof importBatches.$inferSelect;

/** Workbooks are small; anything near this is a bug, not a customer's import. */
const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;

/** Every query names the owner: an invoice or batch id means nothing without its user. */
export function createInvoicesRepository(db: Database) {
  return {
    async insertMany(rows: NewInvoiceRow[]): Promise<InvoiceRow[]> {
      if (rows.length === 0) return [];
      return db.insert(invoices).values(rows).returning();
    },

    /** The invoices already read from this PDF, in their order in the file. */
    async listForDocument(ownerId: string, documentId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.ownerId, ownerId), eq(invoices.documentId, documentId)))
        .orderBy(asc(invoices.position));
    },

    async listOwned(ownerId: string): Promise<InvoiceRow[]> {
      return db.select().from(invoices).where(eq(invoices.ownerId, ownerId)).orderBy(desc(invoices.createdAt), asc(invoices.position));
    },

    async findOwned(ownerId: string, id: string): Promise<InvoiceRow | undefined> {
      const [row] = await db.select().from(invoices).where(and(eq(invoices.ownerId, ownerId), eq(invoices.id, id))).limit(1);
      return row;
    },

    /**
     * The owner's invoices whose number, vendor, job, reference or file name contains one of the
     * words (newest first); no words: the newest invoices.
     */
    async searchOwned(ownerId: string, words: string[], limit: number): Promise<InvoiceRow[]> {
      const matches = words.map((word) => {
        const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        return sql`concat_ws(' ', ${invoices.invoiceNumber}, ${invoices.vendorName}, ${invoices.jobNumber}, ${invoices.reference}, ${invoices.filename}) ilike ${pattern}`;
      });
      const anyWord = matches.length ? sql`(${sql.join(matches, sql` or `)})` : sql`true`;
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.ownerId, ownerId), anyWord))
        .orderBy(desc(invoices.createdAt))
        .limit(limit);
    },

    async findManyOwned(ownerId: string, ids: string[]): Promise<InvoiceRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(invoices).where(and(eq(invoices.ownerId, ownerId), inArray(invoices.id, ids)));
    },

    /**
     * Has anyone in the organisation already confirmed this vendor's invoice number? Vendors are
     * shared, and so is the risk of paying one bill twice.
     */
    async findConfirmedDuplicate(match: { vendorId: string | null; vendorName: string | null; invoiceNumber: string; excludeId: string }) {
      const sameVendor = match.vendorId
        ? eq(invoices.vendorId, match.vendorId)
        : sql`lower(${invoices.vendorName}) = lower(${match.vendorName ?? ''})`;
      const [row] = await db
        .select({ id: invoices.id, confirmedAt: invoices.confirmedAt })
        .from(invoices)
        .where(
          and(
            sql`lower(${invoices.invoiceNumber}) = lower(${match.invoiceNumber})`,
            sameVendor,
            ne(invoices.status, 'pending'),
            ne(invoices.id, match.excludeId),
          ),
        )
        .limit(1);
      return row;
    },

    async markConfirmed(
      ownerId: string,
      id: string,
      values: { vendorId: string | null; vendorName: string; confirmation: unknown; batchId: string | null },
    ): Promise<InvoiceRow | undefined> {
      const [row] = await db
        .update(invoices)
        .set({ ...values, status: 'confirmed', confirmedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(invoices.ownerId, ownerId), eq(invoices.id, id)))
        .returning();
      return row;
    },

    async markExported(ownerId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(invoices)
        .set({ status: 'exported', updatedAt: new Date() })
        .where(and(eq(invoices.ownerId, ownerId), inArray(invoices.id, ids)));
    },

    async openOrCreateBatch(ownerId: string, clientSessionId: string): Promise<ImportBatchRow> {
      await db.insert(importBatches).values({ ownerId, clientSessionId }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(importBatches)
        .where(and(eq(importBatches.ownerId, ownerId), eq(importBatches.clientSessionId, clientSessionId)))
        .limit(1);
      return row;
    },

    async createBatch(ownerId: string, clientSessionId: string): Promise<ImportBatchRow> {
      const [row] = await db.insert(importBatches).values({ ownerId, clientSessionId }).returning();
      return row;
    },

    async findBatchOwned(ownerId: string, id: string): Promise<ImportBatchRow | undefined> {
      const [row] = await db.select().from(importBatches).where(and(eq(importBatches.ownerId, ownerId), eq(importBatches.id, id))).limit(1);
      return row;
    },

    async listBatchInvoices(ownerId: string, batchId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.ownerId, ownerId), eq(invoices.batchId, batchId)))
        .orderBy(asc(invoices.confirmedAt), asc(invoices.id));
    },

    /** Stores (or replaces) the batch's workbook; the old bytes go in the same transaction. */
    async saveBatchFile(ownerId: string, batchId: string, file: { filename: string; bytes: Buffer; blobId: string }): Promise<ImportBatchRow> {
      return db.transaction(async (tx) => {
        const [previous] = await tx
          .select({ blobId: importBatches.blobId })
          .from(importBatches)
          .where(and(eq(importBatches.ownerId, ownerId), eq(importBatches.id, batchId)));
        if (previous?.blobId) await deleteBlob(tx, previous.blobId);
        await writeBlob(tx, file.blobId, Readable.from([file.bytes]), { maxBytes: MAX_IMPORT_FILE_BYTES });
        const [row] = await tx
          .update(importBatches)
          .set({ filename: file.filename, blobId: file.blobId, size: file.bytes.length, writtenAt: new Date(), updatedAt: new Date() })
          .where(and(eq(importBatches.ownerId, ownerId), eq(importBatches.id, batchId)))
          .returning();
        return row;
      });
    },

    openBlob(blobId: string): Readable {
      return readBlob(db, blobId);
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
