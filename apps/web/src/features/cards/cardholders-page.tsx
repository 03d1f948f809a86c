import type { Cardholder } from '@far/contracts';
import { Anchor, Button, Drawer, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { DetailGrid } from '../../components/detail-grid';
import { PageHeader } from '../../components/page-header';
import { errorText } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { integer, money } from '../../lib/format';
import { apiCentsOr0 } from '../../lib/money';
import { useCardholders, useHolderAction, useHolderBalance, useUploadCardholders } from './api';
import { CardsNav, FileTemplates, PageButtons, RowErrors, UploadButton } from './ui';

/** On a phone each holder is a card: the identifier (it opens the detail) and the lock on top. */
const holderColumns = (open: (h: Cardholder) => void): Column<Cardholder>[] => [
  {
    key: 'id',
    header: 'Identificador',
    stack: 'title',
    render: (h) => (
      <Button variant="subtle" size="compact-sm" onClick={() => open(h)}>
        {h.CardholderIdentifier}
      </Button>
    ),
  },
  { key: 'name', header: 'Nombre', render: (h) => h.FullName },
  { key: 'email', header: 'Correo', render: (h) => h.Email },
  { key: 'cards', header: 'Tarjetas', render: (h) => h.CardsCount },
  { key: 'status', header: 'Estatus', stack: 'status', render: (h) => (h.IsLocked ? 'Bloqueado' : 'Activo') },
];

/** Tarjetahabientes (business, under Alta de cuentas): list, search, upload with template, detail. */
export function CardholdersPage() {
  const canAdd = useCan('/account', 'Agregar');
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Cardholder | null>(null);
  const list = useCardholders({ Page: page, Size: 10, Search: applied });
  const upload = useUploadCardholders();
  const [result, setResult] = useState<{
    CreatedRecords: number;
    FailedRecords: number;
    Errors: { Row: number; Field: string | null; Message: string }[];
  } | null>(null);

  return (
    <>
      <PageHeader
        title="Tarjetahabientes"
        description="Personas de tu empresa que reciben tarjetas."
        actions={
          canAdd ? (
            <>
              <UploadButton
                label="Cargar archivo"
                accept=".csv,.xlsx"
                loading={upload.isPending}
                onFile={(f) =>
                  upload.mutate(f, {
                    onSuccess: (r) => setResult(r),
                    onError: (e) => notifications.show({ color: 'red', title: 'Archivo no cargado', message: errorText(e) }),
                  })
                }
              />
            </>
          ) : null
        }
      />
      <CardsNav />
      {canAdd ? (
        <Stack mb="md">
          <FileTemplates kind="cardholders" />
        </Stack>
      ) : null}
      {result ? (
        <Stack gap="xs" mb="md" data-testid="upload-result">
          <Text size="sm" fw={600}>
            Registrados: {integer(result.CreatedRecords)} · Con errores: {integer(result.FailedRecords)}
          </Text>
          <RowErrors errors={result.Errors} />
        </Stack>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(search);
          setPage(1);
        }}
      >
        <Group mb="sm" wrap="wrap">
          <TextInput
            aria-label="Buscar tarjetahabiente"
            placeholder="Nombre, correo o identificador"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" variant="light">
            Buscar
          </Button>
        </Group>
      </form>
      <DataTable
        columns={holderColumns(setSelected)}
        rows={list.data?.Records}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        getRowId={(h) => h.Id}
        emptyText="Sin tarjetahabientes"
        testId="cardholders-table"
      />
      <Group justify="space-between" mt="sm">
        <Text size="sm" c="dimmed">
          {integer(list.data?.TotalRecords ?? 0)} tarjetahabientes
        </Text>
        <PageButtons page={page} totalPages={list.data?.TotalPages} onPage={setPage} />
      </Group>
      <Drawer opened={!!selected} onClose={() => setSelected(null)} title={selected?.FullName ?? ''} position="right">
        {selected ? <CardholderDetail holder={selected} onChange={setSelected} /> : null}
      </Drawer>
    </>
  );
}

function CardholderDetail({ holder, onChange }: { holder: Cardholder; onChange: (h: Cardholder) => void }) {
  const balance = useHolderBalance(holder.CardholderIdentifier);
  const action = useHolderAction();
  const canLock = useCan('/account', 'Desactivar');
  const canUnlink = useCan('/account', 'Desvincular');
  const run = (a: 'lock' | 'unlink', lock?: boolean) =>
    action.mutate(
      { action: a, identifier: holder.CardholderIdentifier, lock },
      { onSuccess: (h) => onChange(h), onError: (e) => notifications.show({ color: 'red', title: 'No se aplicó el cambio', message: errorText(e) }) },
    );
  return (
    <Stack>
      <DetailGrid
        cols={1}
        items={[
          { label: 'Identificador', value: holder.CardholderIdentifier },
          { label: 'Correo', value: holder.Email },
          { label: 'Celular', value: holder.CellPhone ? `${holder.PhoneCode} ${holder.CellPhone}${holder.MobileLinked ? '' : ' (desvinculado)'}` : null },
          { label: 'CURP', value: holder.Curp },
          { label: 'Saldo disponible', value: balance.data ? money(apiCentsOr0(balance.data.availableBalance)) : null },
        ]}
      />
      <Text fw={600} size="sm">
        Tarjetas
      </Text>
      {(balance.data?.Cards ?? []).map((c) => (
        <Group key={c.CardIdentifier} justify="space-between">
          <Anchor component={Link} to={`/account/cards/${c.CardIdentifier}`} size="sm" className="tabular">
            {c.MaskedPan}
          </Anchor>
          <Text size="sm">{money(apiCentsOr0(c.availableBalance))}</Text>
        </Group>
      ))}
      <Group>
        {canLock ? (
          <Button color={holder.IsLocked ? 'green' : 'red'} variant="light" loading={action.isPending} onClick={() => run('lock', !holder.IsLocked)}>
            {holder.IsLocked ? 'Desbloquear' : 'Bloquear (y sus tarjetas)'}
          </Button>
        ) : null}
        {canUnlink && holder.MobileLinked ? (
          <Button variant="default" loading={action.isPending} onClick={() => run('unlink')}>
            Desvincular celular
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
