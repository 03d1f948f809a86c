import {
  CMS_BULK_ACTIONS,
  CMS_BULK_LABELS,
  CMS_SECTION_LABELS,
  CMS_SECTION_NAMES,
  CMS_STATUS_LABELS,
  CMS_STATUS_NAMES,
  type CmsBulkAction,
  type CmsSection,
  type CmsStatus,
  type ContentItem,
} from '@far/contracts';
import { DragDropContext, Draggable, Droppable, type DropResult } from '@hello-pangea/dnd';
import { Anchor, Badge, Box, Button, Checkbox, Group, Menu, Paper, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconGripVertical, IconLock, IconEyeOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { FilterSelect } from '../../components/list-filters';
import { STACK_QUERY } from '../../components/stacked-rows';
import { errorText } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { useBulkAction, useContentTypes, useContents, useReorder } from './api/cms-api';

const grip = <IconGripVertical size={16} color="var(--mantine-color-gray-6)" />;

function nameOf(row: ContentItem) {
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <Anchor component={Link} to={`/cms/contenido/${row.v_uid}`} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.v_name}
      </Anchor>
      {row.b_locked ? <IconLock size={14} aria-label="Bloqueado" /> : null}
      {row.b_hidden ? <IconEyeOff size={14} aria-label="Oculto" /> : null}
    </Group>
  );
}

/** The columns after the name, each with its header (a phone's card shows them under it). */
const DETAILS = [
  ['Tipo', (r: ContentItem) => r.ContentType.v_name],
  ['Sección', (r: ContentItem) => CMS_SECTION_LABELS[r.Section]],
  ['Versión', (r: ContentItem) => r.i_version],
] as const;

const STATUS_COLORS: Record<CmsStatus, string> = { borrador: 'gray', publicado: 'green', despublicado: 'orange' };

export function StatusChip({ status }: { status: CmsStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {CMS_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Contents with filters, selection for bulk actions, and drag and drop to set the readers' order. */
export function ContentsPanel() {
  const navigate = useNavigate();
  const canAdd = useCan('/cms', 'Agregar');
  const canEdit = useCan('/cms', 'Editar');
  const canDelete = useCan('/cms', 'Borrar');
  const [section, setSection] = useState<CmsSection | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [status, setStatus] = useState<CmsStatus | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const types = useContentTypes();
  const contents = useContents({
    Section: section ?? undefined,
    ContentTypeId: typeId ?? undefined,
    Status: status ?? undefined,
    Search: debounced || undefined,
  });
  const bulk = useBulkAction();
  const reorder = useReorder();
  const [order, setOrder] = useState<string[] | null>(null);

  const rows = contents.data?.Records ?? [];
  const byId = new Map(rows.map((r) => [r.v_uid, r]));
  const shown: ContentItem[] = order ? order.map((id) => byId.get(id)).filter((r): r is ContentItem => !!r) : rows;

  const runBulk = (action: CmsBulkAction) => {
    const ids = [...selected];
    openConfirmDialog({
      title: `${CMS_BULK_LABELS[action]} contenidos`,
      message: `¿${CMS_BULK_LABELS[action]} ${ids.length === 1 ? 'el contenido seleccionado' : `los ${ids.length} contenidos seleccionados`}?`,
      confirmLabel: CMS_BULK_LABELS[action],
      danger: action === 'borrar',
      onConfirm: () =>
        bulk.mutate(
          { action, ids },
          {
            onSuccess: (r) => {
              setSelected(new Set());
              notifications.show({ color: 'green', message: `Acción aplicada a ${r.Updated} contenidos` });
            },
            onError: (err) => notifications.show({ color: 'red', message: errorText(err) }),
          },
        ),
    });
  };

  const onDragEnd = (result: DropResult) => {
    if (!result.destination || result.destination.index === result.source.index) return;
    const ids = shown.map((r) => r.v_uid);
    const [moved] = ids.splice(result.source.index, 1);
    ids.splice(result.destination.index, 0, moved!);
    setOrder(ids);
    reorder.mutate(ids, {
      onSettled: () => setOrder(null),
      onError: (err) => notifications.show({ color: 'red', message: errorText(err) }),
    });
  };

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = shown.length > 0 && shown.every((r) => selected.has(r.v_uid));
  const empty = shown.length === 0 && !contents.isPending;
  // On a phone the rows are cards (the same drag handle, selection and links), not a wide table.
  const narrow = useMediaQuery(STACK_QUERY, false, { getInitialValueInEffect: false });
  const selectAll = (
    <Checkbox
      aria-label="Seleccionar todos"
      label={narrow ? 'Seleccionar todos' : undefined}
      checked={allSelected}
      indeterminate={!allSelected && selected.size > 0}
      onChange={() => setSelected(allSelected ? new Set() : new Set(shown.map((r) => r.v_uid)))}
    />
  );
  const checkOf = (row: ContentItem) => (
    <Checkbox aria-label={`Seleccionar ${row.v_name}`} checked={selected.has(row.v_uid)} onChange={() => toggle(row.v_uid)} />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Buscar"
            placeholder="Nombre del contenido"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={220}
          />
          <FilterSelect
            label="Tipo"
            all="Todos"
            data={(types.data ?? []).map((t) => ({ value: t.v_uid, label: t.v_name }))}
            value={typeId}
            onChange={setTypeId}
            w={190}
          />
          <FilterSelect
            label="Sección"
            all="Todas"
            data={CMS_SECTION_NAMES.map((s) => ({ value: s, label: CMS_SECTION_LABELS[s] }))}
            value={section}
            onChange={(v) => setSection(v as CmsSection | null)}
            w={140}
          />
          <FilterSelect
            label="Estado"
            all="Todos"
            data={CMS_STATUS_NAMES.map((s) => ({ value: s, label: CMS_STATUS_LABELS[s] }))}
            value={status}
            onChange={(v) => setStatus(v as CmsStatus | null)}
            w={150}
          />
        </Group>
        <Group gap="sm">
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={16} />} disabled={selected.size === 0 || !canEdit}>
                Acciones ({selected.size})
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {CMS_BULK_ACTIONS.filter((a) => a !== 'borrar' || canDelete).map((a) => (
                <Menu.Item key={a} color={a === 'borrar' ? 'red' : undefined} onClick={() => runBulk(a)}>
                  {CMS_BULK_LABELS[a]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {canAdd ? (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button leftSection={<IconPlus size={16} />}>Nuevo contenido</Button>
              </Menu.Target>
              <Menu.Dropdown>
                {(types.data ?? []).map((t) => (
                  <Menu.Item key={t.v_uid} onClick={() => void navigate(`/cms/contenido/nuevo?tipo=${t.v_uid}`)}>
                    {t.v_name}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
      </Group>

      {contents.isError ? <ErrorAlert error={contents.error} title="No fue posible cargar los contenidos" onRetry={() => void contents.refetch()} /> : null}
      <Paper withBorder radius="md">
        <DragDropContext onDragEnd={onDragEnd}>
          {narrow ? (
            <>
              <Box px="md" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
                {selectAll}
              </Box>
              <Droppable droppableId="contents" isDropDisabled={!canEdit}>
                {(drop) => (
                  <Box
                    component="ul"
                    ref={drop.innerRef}
                    {...drop.droppableProps}
                    aria-label="Contenidos"
                    data-layout="stacked"
                    m={0}
                    p={0}
                    style={{ listStyle: 'none' }}
                  >
                    {shown.map((row, index) => (
                      <Draggable key={row.v_uid} draggableId={row.v_uid} index={index} isDragDisabled={!canEdit}>
                        {(drag) => (
                          <Box
                            component="li"
                            ref={drag.innerRef}
                            {...drag.draggableProps}
                            data-testid="content-row"
                            px="md"
                            py="sm"
                            bg="var(--mantine-color-body)"
                            style={{ ...drag.draggableProps.style, borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                          >
                            <Stack gap={6}>
                              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                                  <Box {...drag.dragHandleProps} aria-label={`Mover ${row.v_name}`}>
                                    {grip}
                                  </Box>
                                  {checkOf(row)}
                                  {nameOf(row)}
                                </Group>
                                <Box style={{ flexShrink: 0 }}>
                                  <StatusChip status={row.Status} />
                                </Box>
                              </Group>
                              {DETAILS.map(([label, value]) => (
                                <Group key={label} gap={6} wrap="nowrap">
                                  <Text size="xs" c="dimmed">
                                    {label}
                                  </Text>
                                  <Text size="sm">{value(row)}</Text>
                                </Group>
                              ))}
                            </Stack>
                          </Box>
                        )}
                      </Draggable>
                    ))}
                    {drop.placeholder}
                    {empty ? (
                      <Text component="li" c="dimmed" ta="center" py="lg">
                        Sin registros
                      </Text>
                    ) : null}
                  </Box>
                )}
              </Droppable>
            </>
          ) : (
            <ScrollArea>
              <Table verticalSpacing="sm" miw={760} aria-label="Contenidos">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={36} aria-label="Orden" />
                    <Table.Th w={40}>{selectAll}</Table.Th>
                    <Table.Th>Nombre</Table.Th>
                    <Table.Th>Tipo</Table.Th>
                    <Table.Th>Sección</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th>Versión</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Droppable droppableId="contents" isDropDisabled={!canEdit}>
                  {(drop) => (
                    <Table.Tbody ref={drop.innerRef} {...drop.droppableProps}>
                      {shown.map((row, index) => (
                        <Draggable key={row.v_uid} draggableId={row.v_uid} index={index} isDragDisabled={!canEdit}>
                          {(drag) => (
                            <Table.Tr ref={drag.innerRef} {...drag.draggableProps} data-testid="content-row">
                              <Table.Td {...drag.dragHandleProps} aria-label={`Mover ${row.v_name}`}>
                                {grip}
                              </Table.Td>
                              <Table.Td>{checkOf(row)}</Table.Td>
                              <Table.Td>{nameOf(row)}</Table.Td>
                              <Table.Td>{DETAILS[0][1](row)}</Table.Td>
                              <Table.Td>{DETAILS[1][1](row)}</Table.Td>
                              <Table.Td>
                                <StatusChip status={row.Status} />
                              </Table.Td>
                              <Table.Td>{DETAILS[2][1](row)}</Table.Td>
                            </Table.Tr>
                          )}
                        </Draggable>
                      ))}
                      {drop.placeholder}
                      {empty ? (
                        <Table.Tr>
                          <Table.Td colSpan={7}>
                            <Text c="dimmed" ta="center" py="lg">
                              Sin registros
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ) : null}
                    </Table.Tbody>
                  )}
                </Droppable>
              </Table>
            </ScrollArea>
          )}
        </DragDropContext>
      </Paper>
      <Text size="xs" c="dimmed">
        Arrastra las filas para cambiar el orden en que los usuarios ven el contenido.
      </Text>
    </Stack>
  );
}
