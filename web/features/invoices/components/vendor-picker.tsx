import { Check, ChevronsUpDown, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';
import { useVendorSearch } from '../hooks/use-vendor-search';
import type { PickerOption, VendorOption } from '../lib/vendor-options';

type VendorPickerProps = {
  id?: string;
  value: string;
  onChange: (name: string) => void;
  /** The invoice's vendor candidates, best first: listed before the vendor master. */
  candidates: string[];
  vendors: VendorOption[];
  disabled?: boolean;
};

const GROUP_TITLES: Record<PickerOption['group'], string | null> = { suggested: 'Suggested', all: 'All vendors', new: null };

/** What one option shows: a known vendor with a check when chosen, or the offer to add a new one. */
function VendorOptionLabel({ option, chosen }: { option: PickerOption; chosen: boolean }) {
  if (option.group === 'new') {
    return (
      <>
        <Plus aria-hidden="true" className="size-4 shrink-0" />
        <span>Use "{option.name}" as new vendor</span>
      </>
    );
  }
  return (
    <>
      <Check aria-hidden="true" className={cn('size-4 shrink-0', chosen ? 'opacity-100' : 'opacity-0')} />
      <span className="truncate">{option.name}</span>
      {option.detail && <span className="truncate text-xs text-slate-500 dark:text-slate-400">{option.detail}</span>}
    </>
  );
}

/** A searchable vendor list (combobox) that also accepts a name the master does not hold. */
export function VendorPicker({ id, value, onChange, candidates, vendors, disabled }: VendorPickerProps) {
  const { listId, open, changeOpen, search, changeSearch, active, setActive, optionId, hasOptions, emptyText, groups, choose, onKeyDown } =
    useVendorSearch({ value, onChange, candidates, vendors });

  return (
    <Popover open={open} onOpenChange={changeOpen}>
      <PopoverTrigger asChild>
        <Button
          id={id}
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          disabled={disabled}
          className="w-full justify-between font-normal"
        >
          <span className={cn('truncate', !value && 'text-slate-500 dark:text-slate-400')}>{value || 'Select vendor...'}</span>
          <ChevronsUpDown aria-hidden="true" className="opacity-50" />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Choose a vendor" className="w-[var(--radix-popover-trigger-width)] min-w-64">
        <input
          autoFocus
          role="combobox"
          aria-label="Search vendors"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={hasOptions ? optionId(active) : undefined}
          placeholder="Search vendors..."
          value={search}
          onChange={(event) => changeSearch(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-10 w-full border-b border-slate-200 bg-transparent px-3 text-sm outline-none placeholder:text-slate-500 dark:border-slate-800"
        />
        {emptyText && <p className="px-3 py-4 text-center text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>}
        <div id={listId} role="listbox" aria-label="Vendors" className="max-h-[300px] overflow-y-auto p-1">
          {groups.map(({ group, entries }) => (
            <div key={group} role="group" aria-label={GROUP_TITLES[group] ?? 'New vendor'}>
              {GROUP_TITLES[group] && (
                <div role="presentation" className="px-2 py-1 text-xs font-medium text-slate-500 dark:text-slate-400">
                  {GROUP_TITLES[group]}
                </div>
              )}
              {entries.map(({ option, index }) => (
                <div
                  key={`${group}-${option.name}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onMouseEnter={() => setActive(index)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  className={cn(
                    'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                    index === active && 'bg-slate-100 dark:bg-slate-800',
                  )}
                >
                  <VendorOptionLabel option={option} chosen={option.name === value} />
                </div>
              ))}
            </div>
          ))}
        </div>
      </PopoverContent>
    </Popover>
  );
}
