import { Group, Select, TextInput, type SelectProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { StatusFilterName } from '@far/contracts';
import { STATUS_FILTER_OPTIONS } from '../lib/lifecycle';
import type { ListState } from './list-scaffold';

/** The filters of the people and organisation lists. */
export interface PeopleFilters {
  search: string;
  status: StatusFilterName | null;
}

export const NO_PEOPLE_FILTERS: PeopleFilters = { search: '', status: null };

/** The query fields those filters become. */
export const peopleQuery = (list: ListState<PeopleFilters>) => ({
  Page: list.page,
  Size: list.size,
  Search: list.applied.search,
  Status: list.applied.status,
  ...list.sort,
});

/**
 * A filter of a list: empty, it reads what no choice means («Todos», «Todas», agreeing with the
 * noun: «Todas las empresas»), never a blank box; it can always be cleared back to that.
 */
export function FilterSelect({ all, ...props }: Omit<SelectProps, 'placeholder' | 'clearable'> & { all: string }) {
  return <Select placeholder={all} clearable {...props} />;
}

interface ListFiltersProps {
  list: ListState<PeopleFilters>;
  searchLabel: string;
  searchPlaceholder: string;
  searchWidth?: number;
  children?: ReactNode;
}

/** The search box and status filter above the people lists (staff, businesses, wallet, a business's users). */
export function ListFilters({ list, searchLabel, searchPlaceholder, searchWidth = 300, children }: ListFiltersProps) {
  return (
    <Group gap="sm" wrap="wrap">
      <TextInput
        aria-label={searchLabel}
        placeholder={searchPlaceholder}
        leftSection={<IconSearch size={16} />}
        value={list.filters.search}
        onChange={(e) => list.setFilter({ search: e.currentTarget.value })}
        w={{ base: '100%', sm: searchWidth }}
      />
      <FilterSelect
        aria-label="Estatus"
        all="Todos los estatus"
        data={STATUS_FILTER_OPTIONS}
        value={list.filters.status}
        onChange={(v) => list.setFilter({ status: v as StatusFilterName | null })}
        w={{ base: '100%', sm: 200 }}
      />
      {children}
    </Group>
  );
}
