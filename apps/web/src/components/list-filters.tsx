import { Group, Paper, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { StatusFilterName } from '@far/contracts';
import { STATUS_FILTER_OPTIONS } from '../lib/lifecycle';

interface ListFiltersProps {
  searchLabel: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilterName | null;
  onStatus: (value: StatusFilterName | null) => void;
  searchWidth?: number;
  /** Actions on the right: bulk actions, an invite button. */
  children?: ReactNode;
  mb?: string;
}

/** The search box and status filter above the people lists (staff, businesses, wallet, a business's users). */
export function ListFilters({ searchLabel, searchPlaceholder, search, onSearch, status, onStatus, searchWidth = 300, children, mb }: ListFiltersProps) {
  return (
    <Paper withBorder p="sm" mb={mb}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label={searchLabel}
            placeholder={searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => onSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: searchWidth }}
          />
          <Select
            aria-label="Estatus"
            placeholder="Todos los estatus"
            data={STATUS_FILTER_OPTIONS}
            value={status}
            onChange={(v) => onStatus(v as StatusFilterName | null)}
            clearable
            w={200}
          />
        </Group>
        {children}
      </Group>
    </Paper>
  );
}
