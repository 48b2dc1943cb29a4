import { Readable } from 'node:stream';
import { TransactionRollbackError, and, asc, desc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import { deleteBlob, readBlob, writeBlob } from '../../adapters/blob-storage';
import type { Database } from '../../db/client';
import { importBatches, invoices } from '../../db/schema';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = Omit<typeof invoices.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
export type ImportBatchRow = typeof importBatches.$inferSelect;

/** What confirming one invoice writes on it: the header as corrected at review among it. */
export interface InvoiceConfirmationValues {
  invoiceId: string;
  vendorId: string | null;
  vendorName: string;
  header: {
    invoiceNumber: string | null;
    invoiceDate: string | null;
    dueDate: string | null;
    jobNumber: string | null;
    reference: string | null;
  };
  confirmation: unknown;
}

/** Workbooks are small; anything near this is a bug, not a customer's import. */
const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;

/** Every query names the owner: an invoice or batch id means nothing without its user. */
export function createInvoicesRepository(db: Database) {
  return { ...invoiceRows(db), ...pendingInvoices(db), ...batchConfirmations(db), ...batchFiles(db) };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;

/** Invoices as read from their PDFs. */
function invoiceRows(db: Database) {
  return {
    /**
     * The invoices read from this PDF, in their order in the file, as it was uploaded (again) under
     * `filename`: those not confirmed yet take that name, so the review and a later workbook show
     * it; a confirmed invoice keeps the name it was confirmed with.
     */
    async listRenamedForDocument(ownerId: string, documentId: string, filename: string): Promise<InvoiceRow[]> {
      await db
        .update(invoices)
        .set({ filename, updatedAt: new Date() })
        .where(
          and(eq(invoices.ownerId, ownerId), eq(invoices.documentId, documentId), eq(invoices.status, 'pending'), ne(invoices.filename, filename)),
        );
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
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.ownerId, ownerId), eq(invoices.id, id)))
        .limit(1);
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
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.ownerId, ownerId), inArray(invoices.id, ids)));
    },
  };
}

/** Invoices not confirmed yet: read (again) from their PDF, or discarded. */
function pendingInvoices(db: Database) {
  return {
    /**
     * Saves what was read from one PDF: new invoices are inserted, pending ones re-read in place
     * (their ids stay), confirmed ones are left as confirmed, and pending ones the new reading no
     * longer finds go. (document, position) is unique, so requests reading the same PDF side by
     * side end with one row per invoice.
     */
    async saveReading(ownerId: string, documentId: string, rows: NewInvoiceRow[]): Promise<void> {
      if (rows.length > 0) {
        const fromNew = (column: string) => sql.raw(`excluded.${column}`);
        await db
          .insert(invoices)
          .values(rows)
          .onConflictDoUpdate({
            target: [invoices.documentId, invoices.position],
            set: {
              filename: fromNew('filename'),
              fileSize: fromNew('file_size'),
              invoiceNumber: fromNew('invoice_number'),
              vendorName: fromNew('vendor_name'),
              vendorId: fromNew('vendor_id'),
              invoiceDate: fromNew('invoice_date'),
              dueDate: fromNew('due_date'),
              totalAmount: fromNew('total_amount'),
              jobNumber: fromNew('job_number'),
              reference: fromNew('reference'),
              parsed: fromNew('parsed'),
              updatedAt: new Date(),
            },
            setWhere: and(eq(invoices.status, 'pending'), eq(invoices.ownerId, ownerId)),
          });
      }
      await db
        .delete(invoices)
        .where(
          and(
            eq(invoices.ownerId, ownerId),
            eq(invoices.documentId, documentId),
            eq(invoices.status, 'pending'),
            gte(invoices.position, rows.length),
          ),
        );
    },

    /** Removes the owner's invoice if it is still pending; false when nothing was removed. */
    async deletePending(ownerId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(invoices)
        .where(and(eq(invoices.ownerId, ownerId), eq(invoices.id, id), eq(invoices.status, 'pending')))
        .returning({ id: invoices.id });
      return removed.length > 0;
    },
  };
}

/** Confirming invoices into the dialog session's import batch, each bill once. */
function batchConfirmations(db: Database) {
  return {
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

    /** The dialog session's batch, if anything was confirmed under it yet. */
    async findBatchBySession(ownerId: string, clientSessionId: string): Promise<ImportBatchRow | undefined> {
      const [row] = await db
        .select()
        .from(importBatches)
        .where(and(eq(importBatches.ownerId, ownerId), eq(importBatches.clientSessionId, clientSessionId)))
        .limit(1);
      return row;
    },

    /**
     * Opens (or reuses) the session's batch and marks the invoices confirmed into it, in one
     * transaction: a batch exists only with invoices in it. Undefined, with nothing written, when
     * an invoice went or was confirmed into another batch meanwhile.
     */
    async confirmIntoBatch(
      ownerId: string,
      clientSessionId: string,
      confirmations: InvoiceConfirmationValues[],
    ): Promise<ImportBatchRow | undefined> {
      try {
        return await db.transaction(async (tx) => {
          await tx.insert(importBatches).values({ ownerId, clientSessionId }).onConflictDoNothing();
          const [batch] = await tx
            .select()
            .from(importBatches)
            .where(and(eq(importBatches.ownerId, ownerId), eq(importBatches.clientSessionId, clientSessionId)));
          for (const { invoiceId, header, ...values } of confirmations) {
            const [updated] = await tx
              .update(invoices)
              .set({ ...values, ...header, batchId: batch.id, status: 'confirmed', confirmedAt: new Date(), updatedAt: new Date() })
              .where(
                and(eq(invoices.ownerId, ownerId), eq(invoices.id, invoiceId), or(eq(invoices.status, 'pending'), eq(invoices.batchId, batch.id))),
              )
              .returning({ id: invoices.id });
            if (!updated) tx.rollback();
          }
          return batch;
        });
      } catch (error) {
        if (error instanceof TransactionRollbackError) return undefined;
        throw error;
      }
    },
  };
}

/** A batch's invoices and the workbook written for them. */
function batchFiles(db: Database) {
  return {
    async findBatchOwned(ownerId: string, id: string): Promise<ImportBatchRow | undefined> {
      const [row] = await db
        .select()
        .from(importBatches)
        .where(and(eq(importBatches.ownerId, ownerId), eq(importBatches.id, id)))
        .limit(1);
      return row;
    },

    async listBatchInvoices(ownerId: string, batchId: string): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.ownerId, ownerId), eq(invoices.batchId, batchId)))
        .orderBy(asc(invoices.confirmedAt), asc(invoices.id));
    },

    async markExported(ownerId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(invoices)
        .set({ status: 'exported', updatedAt: new Date() })
        .where(and(eq(invoices.ownerId, ownerId), inArray(invoices.id, ids)));
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
