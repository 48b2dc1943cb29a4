/**
 * The steps of confirming: one invoice's choice checked and gated on its lines tying out
 * (prepare), the checked confirmations stored under a batch (commit), and the full page's batch
 * confirm, which confirms or skips each invoice on its own and says which and why.
 */
import { randomUUID } from 'node:crypto';
import type { BatchResult, ConfirmInvoicesResponse, InvoiceMapping } from '@contract/invoices';
import { AppError, ConflictError } from '../../errors';
import { splitAddedCharges, withAddedCharges } from './added-charges';
import { createChoiceCheck, describe, sameBill, type Choice, type PreparedConfirmation, type StoredConfirmation } from './invoice-choice';
import type { ConfirmationDeps, Confirmer } from './invoice-confirmation';
import { importFilesOf } from './invoice-dto';
import type { ImportBatchRow } from './invoices.repository';
import { storedParse, type InvoicesService } from './invoices.service';
import { checkTieOut } from './tie-out-gate';

export function createPreparation(deps: ConfirmationDeps) {
  const check = createChoiceCheck(deps);
  const { vendors } = deps;
  /**
   * One invoice's choice checked: the lines read from it, then any charges the user added, then
   * whether they tie out to the total (or the clerk said why not).
   */
  return async function prepare(confirmer: Confirmer, invoiceId: string, choice: Choice, batchId: string | undefined): Promise<PreparedConfirmation> {
    const { read, added } = splitAddedCharges(choice.mappings);
    const prepared = await withAddedCharges(await check(confirmer.id, invoiceId, { ...choice, mappings: read }, batchId), added, vendors);
    const confirmation = prepared.values.confirmation as StoredConfirmation;
    if (confirmation.lines.length === 0) {
      throw new AppError(
        422,
        'no_lines',
        `Every line of ${describe(prepared.row)} was removed: keep at least one, add a charge, or use Invoice Total Only.`,
      );
    }
    const differenceReason = checkTieOut({
      name: describe(prepared.row),
      currency: storedParse(prepared.row).extracted.currency,
      total: prepared.row.totalAmount === null ? null : Number(prepared.row.totalAmount),
      totalOnly: confirmation.totalOnly,
      lines: confirmation.lines,
      reason: choice.acceptDifference?.reason,
    });
    const reviewed: StoredConfirmation = { ...confirmation, confirmedBy: confirmer.name, differenceReason };
    return { ...prepared, values: { ...prepared.values, confirmation: reviewed } };
  };
}

export function committer(deps: ConfirmationDeps) {
  const { repository, vendors } = deps;
  /** Stores the prepared confirmations under the session's batch, then learns their vendor aliases. */
  return async function commit(ownerId: string, clientSessionId: string, prepared: PreparedConfirmation[]): Promise<ImportBatchRow> {
    const batch = await repository.confirmIntoBatch(
      ownerId,
      clientSessionId,
      prepared.map((p) => p.values),
    );
    if (!batch) {
      const names = prepared.map((p) => describe(p.row)).join(', ');
      throw new ConflictError(`${names} changed while being confirmed (deleted, or confirmed elsewhere); reload and try again.`, 'already_confirmed');
    }
    for (const { alias } of prepared) if (alias) await vendors.rememberAlias(alias.printedName, alias.vendorId, ownerId);
    return batch;
  };
}

export interface BatchInput {
  invoices: Array<{ invoiceId: string } & Pick<Choice, 'corrections' | 'acceptDifference'>>;
  mappings: InvoiceMapping[];
  totalOnly: boolean;
}

interface BatchSteps {
  prepare: ReturnType<typeof createPreparation>;
  commit: ReturnType<typeof committer>;
  workbooks: { write(ownerId: string, batch: ImportBatchRow): Promise<{ filename: string; download_url: string; count: number }> };
  invoices: Pick<InvoicesService, 'findOwned'>;
}

/**
 * POST /api/confirm-invoices: every invoice of the full-page flow into one new workbook. Each
 * invoice is confirmed or skipped on its own, and the answer says which and why.
 */
export async function confirmBatch(steps: BatchSteps, confirmer: Confirmer, input: BatchInput): Promise<ConfirmInvoicesResponse> {
  const { prepare, commit, workbooks } = steps;
  const prepared: PreparedConfirmation[] = [];
  const results: BatchResult[] = [];
  const seen = new Set<string>();
  for (const invoice of input.invoices) {
    if (seen.has(invoice.invoiceId)) continue;
    seen.add(invoice.invoiceId);
    const mappings = input.mappings.filter((mapping) => mapping.invoice_id === invoice.invoiceId);
    const { read } = splitAddedCharges(mappings);
    try {
      const totalOnly = input.totalOnly || read.length === 0 || read.some((mapping) => mapping.invoice_total_only === true);
      const choice: Choice = { mappings, totalOnly, corrections: invoice.corrections, acceptDifference: invoice.acceptDifference };
      const next = await prepare(confirmer, invoice.invoiceId, choice, undefined);
      // Nothing is stored until all are checked, so a bill sent twice in one batch is caught here.
      if (prepared.some((earlier) => sameBill(earlier, next))) {
        throw new ConflictError(
          `${describe(next.row)} from ${next.values.vendorName} is in this batch twice; it is added once.`,
          'duplicate_invoice',
        );
      }
      prepared.push(next);
      results.push({
        invoice_id: invoice.invoiceId,
        invoice_number: next.values.header.invoiceNumber,
        confirmed: true,
        code: null,
        message: null,
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const row = await steps.invoices.findOwned(confirmer.id, invoice.invoiceId).catch(() => undefined);
      results.push({
        invoice_id: invoice.invoiceId,
        invoice_number: row?.invoiceNumber ?? null,
        confirmed: false,
        code: error.code,
        message: error.message,
      });
    }
  }
  const skipped = results.filter((result) => !result.confirmed);
  const error = skipped.length ? skipped.map((result) => result.message).join(' ') : null;
  if (prepared.length === 0) {
    return { success: false, processed_count: 0, error, filename: null, download_url: null, import_files: [], results };
  }
  const batch = await commit(confirmer.id, `page-${randomUUID()}`, prepared);
  const written = await workbooks.write(confirmer.id, batch);
  return {
    success: true,
    processed_count: written.count,
    error,
    filename: written.filename,
    download_url: written.download_url,
    import_files: importFilesOf(batch.id),
    results,
  };
}
