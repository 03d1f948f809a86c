import { Box, Button, Group, Loader, Modal, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useDebouncedValue, useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH, type SearchHit } from '@far/contracts';
import { errorText } from '../../lib/api-client';
import { money } from '../../lib/format';
import { useMe } from '../../lib/api/get-me';
import { useSearch } from './api/search';

/**
 * The header's search (issue 27): Ctrl+K (⌘K) or "/" opens it, results come as one types (after a
 * short pause), grouped by kind; arrows move, Enter opens, Esc closes. An ARIA combobox whose
 * listbox holds one group per kind. Staff and businesses only: a wallet user has no search.
 */
export function HeaderSearch() {
  const me = useMe();
  const [opened, { open, close }] = useDisclosure(false);
  // Ctrl+K works even while typing in a form; "/" only outside text fields.
  useHotkeys([['mod+K', open]], []);
  useHotkeys([['/', open]]);
  if (!me.data || me.data.v_client.startsWith('WAL')) return null;
  return (
    <>
      <Tooltip label="Buscar (Ctrl+K o /)">
        <Button
          variant="default"
          onClick={open}
          leftSection={<IconSearch size={16} />}
          aria-label="Buscar"
          aria-keyshortcuts="Control+K /"
          data-testid="header-search"
          px={{ base: 'xs', sm: 'md' }}
        >
          <Box component="span" visibleFrom="md">
            Buscar
          </Box>
        </Button>
      </Tooltip>
      {/* Opens and closes at once, as a command box should (and never half-transparent to a reader). */}
      <Modal opened={opened} onClose={close} title="Buscar en el portal" size="lg" yOffset="8vh" transitionProps={{ duration: 0 }} data-testid="search-dialog">
        {opened && <SearchPanel onDone={close} />}
      </Modal>
    </>
  );
}

function SearchPanel({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text.trim(), 200);
  const search = useSearch(typed);
  const [active, setActive] = useState(0);
  const base = useId();
  const groups = search.data?.Groups;
  // Only the answer to what is typed now is shown and navigable (not the previous one kept while the next comes).
  const ready = typed.length >= SEARCH_MIN_LENGTH && typed === text.trim() && !search.isPlaceholderData && search.isSuccess;
  const hits = useMemo(() => (ready && groups ? groups.flatMap((g) => g.Results) : []), [ready, groups]);
  const optionId = (i: number) => `${base}-opcion-${i}`;

  const go = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onDone();
    void navigate(hit.Link);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (hits.length) setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(hits[active]);
    }
  };

  let status: string;
  if (text.trim().length < SEARCH_MIN_LENGTH)
    status = 'Escribe un nombre, RFC, CLABE, clave de rastreo, correo, folio, importe o los últimos 4 dígitos de una tarjeta.';
  else if (search.isError) status = errorText(search.error);
  else if (!ready) status = 'Buscando…';
  else if (!hits.length) status = `Sin resultados para «${typed}».`;
  else status = hits.length === 1 ? '1 resultado' : `${hits.length} resultados`;

  let index = -1;
  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        value={text}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        placeholder="Buscar empresas, personas, tarjetas, movimientos…"
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        aria-label="Buscar"
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={`${base}-lista`}
        aria-autocomplete="list"
        aria-activedescendant={hits.length ? optionId(active) : undefined}
        data-testid="search-input"
      />
      <Text size="sm" c="dimmed" role="status" aria-live="polite" data-testid="search-status">
        {status}
      </Text>
      <Box id={`${base}-lista`} role="listbox" aria-label="Resultados de la búsqueda" style={{ maxHeight: '60vh', overflowY: 'auto' }}>
        {ready &&
          groups?.map((g) => (
            <Box key={g.Kind} role="group" aria-labelledby={`${base}-${g.Kind}`} mb="sm">
              <Text id={`${base}-${g.Kind}`} size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
                {g.Label}
              </Text>
              {g.Results.map((hit) => {
                const i = ++index;
                const selected = i === active;
                return (
                  <UnstyledButton
                    key={`${g.Kind}-${hit.Id}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => go(hit)}
                    data-testid="search-result"
                    w="100%"
                    p="xs"
                    style={{ borderRadius: 6, display: 'block', background: selected ? 'var(--mantine-color-far-light)' : undefined }}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="sm">
                      <Box style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {hit.Title}
                        </Text>
                        {hit.Subtitle && (
                          <Text size="xs" c="dimmed" truncate>
                            {hit.Subtitle}
                          </Text>
                        )}
                      </Box>
                      {hit.AmountCents !== null && (
                        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                          {money(hit.AmountCents)}
                        </Text>
                      )}
                    </Group>
                  </UnstyledButton>
                );
              })}
            </Box>
          ))}
      </Box>
    </Stack>
  );
}
