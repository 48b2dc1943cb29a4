import { useId, useState, type KeyboardEvent } from 'react';
import { pickerOptions, type PickerOption, type VendorOption } from '../lib/vendor-options';

type VendorSearchOptions = {
  value: string;
  onChange: (name: string) => void;
  candidates: string[];
  vendors: VendorOption[];
};

const GROUP_ORDER = ['suggested', 'all', 'new'] as const;

/** The vendor picker's state: open or not, the search, the active option and the keys that move and choose. */
export function useVendorSearch({ value, onChange, candidates, vendors }: VendorSearchOptions) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const { options, emptyText } = pickerOptions({ search, value, candidates, vendors });
  const optionId = (index: number) => `${listId}-option-${index}`;

  const changeOpen = (next: boolean) => {
    setOpen(next);
    setSearch('');
    setActive(0);
  };

  const changeSearch = (next: string) => {
    setSearch(next);
    setActive(0);
  };

  const choose = (option: PickerOption | undefined) => {
    if (!option) return;
    onChange(option.name);
    changeOpen(false);
  };

  const move = (delta: number) => {
    if (options.length === 0) return;
    const next = (active + delta + options.length) % options.length;
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') move(1);
    else if (event.key === 'ArrowUp') move(-1);
    else if (event.key === 'Enter') choose(options[active]);
    else return;
    event.preventDefault();
  };

  // Each option keeps its index in the flat list, which the active option and the keys count by.
  const groups = GROUP_ORDER.map((group) => ({
    group,
    entries: options.map((option, index) => ({ option, index })).filter(({ option }) => option.group === group),
  })).filter(({ entries }) => entries.length > 0);

  return {
    listId,
    open,
    changeOpen,
    search,
    changeSearch,
    active,
    setActive,
    optionId,
    hasOptions: options.length > 0,
    emptyText,
    groups,
    choose,
    onKeyDown,
  };
}
