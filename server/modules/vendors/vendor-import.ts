/**
 * Decides, for each row of a vendor list, whether it creates a vendor or updates one: by vendor
 * code when the row has one, else by normalised name. Upsert only: nothing is ever deleted, and
 * an empty cell never erases what the master already holds. Pure: the repository supplies the
 * existing keys inside its transaction.
 */
import type { NewVendorRow, VendorChanges, VendorImportPlan, VendorKey } from './vendors.repository';
import type { SkippedRow, VendorListEntry } from './vendor-list';

export interface ImportCounts {
  created: number;
  updated: number;
  skipped: SkippedRow[];
}

type Target = { kind: 'existing'; id: string } | { kind: 'new'; index: number };

export function planVendorImport(entries: VendorListEntry[], existing: VendorKey[]): VendorImportPlan<ImportCounts> {
  const byCode = new Map<string, Target>();
  const byName = new Map<string, Array<{ target: Target; code: string | null }>>();
  const remember = (target: Target, code: string | null, normalizedName: string) => {
    if (code) byCode.set(code, target);
    byName.set(normalizedName, [...(byName.get(normalizedName) ?? []), { target, code }]);
  };
  for (const vendor of existing) remember({ kind: 'existing', id: vendor.id }, vendor.code, vendor.normalizedName);

  const inserts: NewVendorRow[] = [];
  const updates = new Map<string, { row: number; changes: VendorChanges }>();
  const insertedFromRow: number[] = [];
  const skipped: SkippedRow[] = [];

  for (const entry of entries) {
    const skip = (reason: string) => skipped.push({ row: entry.row, reason: `Row ${entry.row}: ${reason}` });
    const sameName = byName.get(entry.normalizedName) ?? [];
    let target: Target | undefined;
    if (entry.code) {
      // A list that gains codes adopts the uncoded vendor of the same name instead of duplicating it.
      const uncoded = sameName.filter((candidate) => candidate.code === null);
      target = byCode.get(entry.code) ?? (uncoded.length === 1 ? uncoded[0].target : undefined);
    } else if (sameName.length > 1) {
      const uncoded = sameName.filter((candidate) => candidate.code === null);
      if (uncoded.length !== 1) {
        skip(`"${entry.name}" matches ${sameName.length} vendors with different codes; add the vendor code to say which`);
        continue;
      }
      target = uncoded[0].target;
    } else {
      target = sameName[0]?.target;
    }

    if (target?.kind === 'new') {
      skip(`same vendor as row ${insertedFromRow[target.index]}`);
      continue;
    }
    if (target?.kind === 'existing') {
      const earlier = updates.get(target.id);
      if (earlier) {
        skip(`same vendor as row ${earlier.row}`);
        continue;
      }
      updates.set(target.id, { row: entry.row, changes: changesFrom(entry) });
      remember(target, entry.code, entry.normalizedName);
      continue;
    }
    const index = inserts.length;
    inserts.push({ ...changesFrom(entry), name: entry.name, normalizedName: entry.normalizedName, isActive: entry.isActive ?? true });
    insertedFromRow.push(entry.row);
    remember({ kind: 'new', index }, entry.code, entry.normalizedName);
  }

  return {
    inserts,
    updates: [...updates].map(([id, { changes }]) => ({ id, changes })),
    result: { created: inserts.length, updated: updates.size, skipped },
  };
}

/** The row's non-empty fields; the name always, since the list is the master's source. */
function changesFrom(entry: VendorListEntry): VendorChanges & { name: string; normalizedName: string } {
  const changes: VendorChanges & { name: string; normalizedName: string } = { name: entry.name, normalizedName: entry.normalizedName };
  if (entry.code) changes.code = entry.code;
  if (entry.legalName) changes.legalName = entry.legalName;
  if (entry.isActive !== null) changes.isActive = entry.isActive;
  if (entry.address) changes.address = entry.address;
  if (entry.phone) changes.phone = entry.phone;
  if (entry.email) changes.email = entry.email;
  if (entry.taxId) changes.taxId = entry.taxId;
  return changes;
}
