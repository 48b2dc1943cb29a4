/**
 * The tie-out gate (decision 036): the lines an invoice posts must add up to its printed total to
 * the cent, unless it is posted as Invoice Total Only, no total was read, or the clerk says why
 * they may differ. Before, a difference only showed on the Summary sheet after it was written.
 */
import { AppError } from '../../errors';
import type { ConfirmedInvoiceLine } from '../../import-files';
import { formatMoney } from './money';
import { toCents } from './review-corrections';

class LinesDoNotTieOutError extends AppError {
  constructor(message: string) {
    super(422, 'lines_do_not_tie_out', message);
  }
}

export interface TieOutInput {
  /** How the invoice is named in messages: 'Invoice 1042'. */
  name: string;
  currency: string;
  /** The printed total; null when none was read. */
  total: number | null;
  totalOnly: boolean;
  lines: Pick<ConfirmedInvoiceLine, 'amount'>[];
  /** The clerk's reason for confirming lines that differ. */
  reason: string | undefined;
}

/** The accepted difference's reason, null when the lines tie out; throws when they differ without one. */
export function checkTieOut(input: TieOutInput): string | null {
  if (input.totalOnly || input.total === null) return null;
  const totalCents = toCents(input.total);
  const linesCents = input.lines.reduce((sum, line) => sum + toCents(line.amount), 0);
  const difference = totalCents - linesCents;
  if (difference === 0) return null;
  if (input.reason) return input.reason;
  const money = (cents: number) => formatMoney(cents / 100, input.currency);
  throw new LinesDoNotTieOutError(
    `${input.name}: the lines come to ${money(linesCents)} but the invoice total is ${money(totalCents)} (difference ${money(Math.abs(difference))}). ` +
      'Correct or remove a line, add the missing charge, confirm it as Invoice Total Only, or give a reason for the difference.',
  );
}
