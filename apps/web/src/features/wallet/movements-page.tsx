import { MOVEMENT_STATUS_NAMES, MOVEMENT_TYPES, MOVEMENT_TYPE_NAMES, type MovementType } from '@far/contracts';
import { Alert, Button, Drawer, Grid, Group, Pagination, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv, IconSearch } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { DayInput } from '../../components/day-input';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { LedgerLines } from '../../components/ledger-lines';
import { FilterSelect } from '../../components/list-filters';
import { MOVEMENT_SEARCH_HINT, movementIdItem } from '../../components/movement-id';
import { PageHeader } from '../../components/page-header';
import { DateText, MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { OpenCaseButton } from '../../components/open-case-button';
import { ProofDownloads } from '../../components/proof-downloads';
import { useCan } from '../../lib/api/get-menu-permissions';
import { apiCents } from '../../lib/money';
import { saveWalletProof, useExportWalletMovements, useWalletMovement, useWalletMovements, useWalletStatement, type MovementFilters } from './api';
import { WALLET_MOVEMENT_COLUMNS } from './summary-section';

const EMPTY: MovementFilters = { From: null, To: null, Type: null, Status: null, Search: '' };
const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

function Detail({ id, readOnly }: { id: string; readOnly: boolean }) {
  const q = useWalletMovement(id);
  // The wallet user disputes this movement on /clarification, its tracking key prefilled (issue 12).
  const canOpenCase = useCan('/clarification', 'Agregar') && !readOnly;
  if (q.isError) return <ErrorAlert error={q.error} title="No fue posible cargar el movimiento" />;
  const m = q.data;
  if (!m) return <Text size="sm">Cargando…</Text>;
  return (
    <Stack gap="md" data-testid="wallet-movement-detail">
      <DetailGrid
        cols={2}
        items={[
          { label: 'Tipo', value: m.MovementName },
          { label: 'Estatus', value: m.StatusName },
          { label: 'Ordenante', value: m.SourceAccount.Name },
          { label: 'Beneficiario', value: m.Beneficiary.Name },
          { label: 'Monto', value: <MoneyText cents={apiCents(m.MovementAmount)} inherit /> },
          { label: 'Comisión + IVA', value: <MoneyText cents={(apiCents(m.Commission) ?? 0n) + (apiCents(m.IVA) ?? 0n)} inherit /> },
          { label: 'Concepto', value: m.Concept },
          movementIdItem(m),
          { label: 'Fecha', value: <DateText value={m.MovementDate} withTime inherit /> },
          { label: 'Motivo', value: m.ErrorDetail },
        ]}
      />
      {(m.Entries ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin asientos contables: el dinero está retenido o no se movió.
        </Text>
      ) : (
        <LedgerLines entries={m.Entries!} />
      )}
      {readOnly ? null : (
        <ProofDownloads cep={m.Cep} save={(kind) => saveWalletProof({ id: m.Id, trackingKey: m.TrackingKey, kind })}>
          {canOpenCase && m.TrackingKey ? <OpenCaseButton trackingKey={m.TrackingKey} /> : null}
        </ProofDownloads>
      )}
    </Stack>
  );
}

/** A wallet's movements: filters, search, paging, a detail drawer with the ledger lines, exports and the monthly statement. */
export function WalletMovementsList({ userId }: { userId?: string }) {
  const [filters, setFilters] = useState(EMPTY);
  const [applied] = useDebouncedValue(filters, 350);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useWalletMovements(applied, page, 10, userId);
  const exporter = useExportWalletMovements();
  const statement = useWalletStatement();
  const now = new Date();
  const [period, setPeriod] = useState(`${now.getFullYear()}-${now.getMonth() + 1}`);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<MovementFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const periods = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return { value: `${d.getFullYear()}-${d.getMonth() + 1}`, label: `${MONTHS[d.getMonth()]} ${d.getFullYear()}` };
  });
  const download = () => {
    const [y, m] = period.split('-').map(Number);
    setError(null);
    statement.mutate({ year: y!, month: m!, userId }, { onError: (e) => setError(errorText(e)) });
  };
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <TextInput
              label="Buscar"
              leftSection={<IconSearch size={16} />}
              value={filters.Search}
              onChange={(e) => set({ Search: e.currentTarget.value })}
              {...MOVEMENT_SEARCH_HINT}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
            <DayInput label="Desde" clearable value={filters.From} onChange={(v) => set({ From: v ? String(v).slice(0, 10) : null })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
            <DayInput label="Hasta" clearable value={filters.To} onChange={(v) => set({ To: v ? String(v).slice(0, 10) : null })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
            <FilterSelect
              label="Tipo"
              all="Todos"
              data={MOVEMENT_TYPES.filter((t) => t !== 'CARD_FUNDING').map((t) => ({ value: t, label: MOVEMENT_TYPE_NAMES[t] }))}
              value={filters.Type}
              onChange={(v) => set({ Type: (v as MovementType | null) ?? null })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 2 }}>
            <FilterSelect
              label="Estatus"
              all="Todos"
              data={Object.entries(MOVEMENT_STATUS_NAMES).map(([value, label]) => ({ value, label }))}
              value={filters.Status === null ? null : String(filters.Status)}
              onChange={(v) => set({ Status: v === null ? null : Number(v) })}
            />
          </Grid.Col>
        </Grid>
        <Group mt="sm" justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconFileTypeCsv size={16} />}
              loading={exporter.isPending}
              onClick={() => exporter.mutate({ filters: applied, format: 'csv', userId })}
            >
              CSV
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={exporter.isPending}
              onClick={() => exporter.mutate({ filters: applied, format: 'xlsx', userId })}
            >
              XLSX
            </Button>
          </Group>
          <Group gap="xs" align="flex-end">
            <Select label="Estado de cuenta" data={periods} value={period} onChange={(v) => v && setPeriod(v)} allowDeselect={false} w={190} size="xs" />
            <Button size="xs" leftSection={<IconDownload size={16} />} loading={statement.isPending} onClick={download}>
              Descargar estado de cuenta
            </Button>
          </Group>
        </Group>
        {error ? (
          <Alert color="red" mt="sm">
            {error}
          </Alert>
        ) : null}
      </Paper>
      {list.isError ? (
        <ErrorAlert error={list.error} title="No fue posible cargar los movimientos" onRetry={() => void list.refetch()} />
      ) : (
        <Paper withBorder p="md">
          <DataTable
            testId="wallet-movements"
            columns={WALLET_MOVEMENT_COLUMNS}
            rows={list.data?.Records}
            loading={list.isPending}
            getRowId={(m) => m.Id}
            onRowClick={(m) => setOpen(m.Id)}
            rowLabel={(m) => `Ver detalle: ${MOVEMENT_TYPE_NAMES[m.MovementType]}`}
            emptyText="No hay movimientos con estos filtros."
          />
          <Group justify="space-between" mt="sm">
            <Text size="xs" c="dimmed">
              {list.data ? `${list.data.TotalRecords} movimiento(s)` : ''}
            </Text>
            <Pagination
              total={Math.max(1, list.data?.TotalPages ?? 1)}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next'
                    ? 'Página siguiente'
                    : control === 'previous'
                      ? 'Página anterior'
                      : control === 'first'
                        ? 'Primera página'
                        : 'Última página',
              })}
            />
          </Group>
        </Paper>
      )}
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="right" title="Detalle del movimiento" size="lg">
        {open ? <Detail id={open} readOnly={!!userId} /> : null}
      </Drawer>
    </Stack>
  );
}

export function WalletMovementsPage() {
  return (
    <>
      <PageHeader title="Saldos y movimientos" description="Todo lo que entra y sale de tu Wallet. Abre un movimiento para ver sus asientos contables." />
      <WalletMovementsList />
    </>
  );
}
