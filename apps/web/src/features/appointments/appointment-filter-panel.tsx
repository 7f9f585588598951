import { Select, SimpleGrid } from '@mantine/core';
import { type FilterField, type FilterState, INITIAL_FILTERS } from './appointment-filters';

// Apart from the filter line: the panel loads when the 'Filter' button first opens it (issue 28).

/** The filter selects, opened from the filter line. */
export function AppointmentFilterPanel({
  value,
  onChange,
  fields,
  id,
}: {
  value: FilterState;
  onChange: (f: FilterState) => void;
  fields: FilterField[];
  id: string;
}) {
  return (
    <SimpleGrid id={id} cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      {fields.map((field) => (
        <Select
          key={field.key}
          size="sm"
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          label={field.label}
          value={value[field.key]}
          onChange={(v) => onChange({ ...value, [field.key]: v ?? INITIAL_FILTERS[field.key] })}
          searchable={field.searchable}
          data={field.data}
        />
      ))}
    </SimpleGrid>
  );
}
