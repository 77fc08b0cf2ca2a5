import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  label?: string;
  /** Width from the xs breakpoint on (full width below). */
  width?: number;
}

/** The search field above a list: magnifier, clear button, full width on phones. */
export function SearchInput({ value, onChange, placeholder, label = 'Suche', width = 300 }: SearchInputProps) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={value ? <CloseButton size="sm" aria-label="Suchbegriff löschen" onClick={() => onChange('')} /> : null}
      w={{ base: '100%', xs: width }}
    />
  );
}
