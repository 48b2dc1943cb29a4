/** A vendor the picker offers: the master name, with the legal entity beside it when it differs. */
export type VendorOption = { name: string; detail?: string | null };

export type PickerOption = VendorOption & { group: 'suggested' | 'all' | 'new' };

function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The picker's list for a search: the invoice's vendor candidates (and the current choice) first,
 * then the vendor master, then 'use as new vendor' for text that names none of them.
 */
export function pickerOptions({
  search,
  value,
  candidates,
  vendors,
}: {
  search: string;
  value: string;
  candidates: string[];
  vendors: VendorOption[];
}) {
  const suggested: PickerOption[] = [];
  for (const name of [...candidates, value]) {
    if (name.trim() && !suggested.some((option) => sameName(option.name, name))) suggested.push({ name, group: 'suggested' });
  }
  const master: PickerOption[] = vendors
    .filter((vendor) => !suggested.some((option) => sameName(option.name, vendor.name)))
    .map((vendor) => ({ ...vendor, group: 'all' }));
  const all = [...suggested, ...master];

  const text = search.trim();
  const query = text.toLowerCase();
  const matches = query ? all.filter((option) => option.name.toLowerCase().includes(query) || option.detail?.toLowerCase().includes(query)) : all;
  const freeText: PickerOption | null = text && !all.some((option) => sameName(option.name, text)) ? { name: text, group: 'new' } : null;

  let emptyText: string | null = null;
  if (all.length === 0) emptyText = 'No vendors found';
  else if (matches.length === 0) emptyText = 'No matches found';

  return { options: freeText ? [...matches, freeText] : matches, emptyText };
}
