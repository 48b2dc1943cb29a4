/**
 * Construction-accounting synonyms, applied to search queries only (indexed text is left as
 * written). Each group lists words and phrases that mean the same thing to our users; when a
 * query contains any of them, the search accepts any of them in that place.
 *
 * How to add one: keep entries lower case, write phrases as the words a user types (the
 * matcher ignores case, a trailing plural "s" and a possessive "'s"), and prefer precise pairs:
 * a group that joins two loose words ("bill", "charge") pulls unrelated passages into answers.
 * Postgres stems and drops stop words afterwards, so "retention" also covers "retained".
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['ap', 'a/p', 'accounts payable', 'payables'],
  ['ar', 'a/r', 'accounts receivable', 'receivables'],
  ['po', 'purchase order'],
  ['aia', 'pay application', 'pay app', 'g702', 'g703', 'progress billing'],
  ['retainage', 'retention', 'holdback', 'hold back', 'held back', 'kept back', 'withheld'],
  ['cost code', 'phase code', 'cost-code'],
  ['sov', 'schedule of values'],
  ['coi', 'certificate of insurance', 'insurance certificate'],
  ['wip', 'work in progress', 'work-in-progress'],
  ['t&m', 'time and materials', 'time and material', 'time-and-materials'],
  ['gl', 'general ledger'],
  ['je', 'journal entry'],
  ['co', 'change order'],
  ['pco', 'potential change order', 'change order request', 'cor'],
  ['1099', '1099-nec', 'form 1099'],
  ['lien waiver', 'lien release', 'waiver of lien'],
  ['sub', 'subcontractor', 'subcontract', 'subbie'],
  ['check run', 'payment run', 'pay run'],
  ['gc', 'general contractor', 'prime contractor'],
  ['pm', 'project manager'],
  ['rfi', 'request for information'],
  ['ach', 'electronic payment', 'direct deposit'],
  ['eft', 'electronic funds transfer'],
  ['tin', 'taxpayer identification number', 'ein', 'employer identification number', 'tax id'],
  ['w-9', 'w9'],
  ['coa', 'chart of accounts'],
  ['bank rec', 'bank reconciliation'],
  ['month end', 'month-end close', 'period close', 'closing the month'],
  ['o&p', 'overhead and profit', 'markup'],
  ['gmp', 'guaranteed maximum price'],
  ['uom', 'unit of measure'],
  ['ytd', 'year to date', 'year-to-date'],
  ['certified payroll', 'wh-347', 'prevailing wage report'],
  ['davis-bacon', 'davis bacon', 'prevailing wage'],
  ['backcharge', 'back charge', 'chargeback'],
  ['three-way match', '3-way match', 'three way match'],
  ['vendor', 'supplier'],
  ['vendor invoice', 'supplier invoice', 'vendor bill', 'supplier bill', 'ap invoice'],
  ['approve', 'approval', 'sign off', 'okay'],
  ['job', 'project'],
  ['owner', 'client', 'customer'],
  ['labor burden', 'burden rate', 'payroll burden'],
  ['overbilling', 'over billing', 'billings in excess'],
  ['underbilling', 'under billing', 'costs in excess'],
];
