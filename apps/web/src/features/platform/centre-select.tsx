import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTestCentres } from './use-platform';

const labelOf = (c: { id: number; full_name: string }) => `${c.id} · ${c.full_name}`;

/**
 * Picks one of the platform's centres. The platform hosts thousands, so the
 * choices are the server's answer to what is typed (name, city or id; the
 * first page), never the whole list.
 */
export function CentreSelect(props: {
  label: string;
  placeholder?: string;
  value: string | null;
  onChange: (id: string | null) => void;
  w?: number;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [q] = useDebouncedValue(search.trim(), 300);
  // typing the chosen centre's label is no new search
  const typed = chosen && q === chosen.label ? '' : q;
  const centres = useTestCentres({ q: typed || undefined, page: 1 });
  const options = (centres.data?.rows ?? []).map((c) => ({ value: String(c.id), label: labelOf(c) }));
  if (chosen && props.value === chosen.value && !options.some((o) => o.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder}
      clearable
      searchable
      // the server has filtered already: show its answer as it is
      filter={({ options: all }) => all}
      nothingFoundMessage="Kein Zentrum gefunden"
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      value={props.value}
      onChange={(v, option) => {
        setChosen(v && option ? { value: v, label: option.label } : null);
        props.onChange(v);
      }}
      w={props.w}
    />
  );
}
