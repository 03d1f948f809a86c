import { DISPERSION_STATUS as D, DISPERSION_STATUS_NAMES, type Dispersion, type DispersionTransaction } from '@far/contracts';
import { Alert, Button, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileDownload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { DayInput } from '../../components/day-input';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { FilterSelect } from '../../components/list-filters';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { PageHeader } from '../../components/page-header';
import { DateText } from '../../components/value-text';
import { useCan } from '../../lib/api/get-menu-permissions';
import { dispersionFiles, useDispersion, useDispersionHistory, useDispersionRows, useDownload, type HistoryFilters } from './api';
import { DispersionStatusBadge, mx } from './ui';

const STATUS_OPTIONS = Object.entries(DISPERSION_STATUS_NAMES)
  .filter(([k]) => Number(k) !== D.eliminada)
  .map(([value, label]) => ({ value, label }));

function RowsTable({ d }: { d: Dispersion }) {
  const [page, setPage] = useState(1);
  const live = d.StatusDispersion === D.enProceso;
  const rows = useDispersionRows(d.Id, page, live, `${d.StatusDispersion}:${d.SettledRows}:${d.FailedRows}:${d.OpenRows}`);
  const download = useDownload();
  const columns: Column<DispersionTransaction>[] = [
    { key: 'row', header: 'Fila', render: (r) => r.Row },
    { key: 'name', header: 'Beneficiario', stack: 'title', render: (r) => r.BeneficiaryName },
    {
      key: 'clabe',
      header: 'CLABE',
      render: (r) => (
        <Text size="xs" className="tabular">
          {r.BeneficiaryAccountClabe}
        </Text>
      ),
    },
    { key: 'amount', header: 'Monto', align: 'right', stack: 'amount', render: (r) => mx(r.MovementAmount) },
    {
      key: 'key',
      header: 'Clave de rastreo',
      render: (r) => (
        <Text size="xs" className="tabular">
          {r.TrackinKey ?? '—'}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Estatus',
      stack: 'status',
      render: (r) => (r.StatusBusinessMovement === null ? <Text size="sm">{r.StatusName}</Text> : <MovementStatusBadge status={r.StatusBusinessMovement} />),
    },
    { key: 'error', header: 'Error', render: (r) => <Text size="xs">{r.ErrorDetail ?? ''}</Text> },
    {
      key: 'proof',
      header: 'Comprobante',
      align: 'right',
      render: (r) =>
        r.HasProof && r.MovementId ? (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconFileDownload size={14} />}
            aria-label={`Comprobante de la fila ${r.Row}`}
            onClick={() => download.mutate({ file: () => dispersionFiles.proof(r.MovementId!), fileName: `comprobante-${r.TrackinKey ?? r.MovementId}.pdf` })}
          >
            PDF
          </Button>
        ) : null,
    },
  ];
  const data = rows.data;
  return (
    <DataTable
      testId="dispersion-rows"
      columns={columns}
      rows={data?.Records}
      getRowId={(r) => r.Id}
      loading={rows.isFetching && !data}
      error={rows.isError ? rows.error : undefined}
      onRetry={() => void rows.refetch()}
      emptyText="Sin filas"
      paging={data ? { page: data.Page, totalPages: data.TotalPages, total: data.TotalRecords, onPageChange: setPage } : undefined}
    />
  );
}

function DispersionDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const q = useDispersion(id);
  const download = useDownload();
  const navigate = useNavigate();
  const canSend = useCan('/dispersal/transfer', 'Agregar');
  const d = q.data;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={
        <Title order={2} fz="lg">
          Detalle de la dispersión
        </Title>
      }
    >
      {q.isError ? <ErrorAlert error={q.error} title="No fue posible cargar la dispersión" onRetry={() => void q.refetch()} /> : null}
      {d ? (
        <Stack gap="md" data-testid="dispersion-detail">
          <Group gap="xs">
            <DispersionStatusBadge status={d.StatusDispersion} />
            <Text size="sm">
              {d.SettledRows} liquidadas · {d.FailedRows} fallidas · {d.OpenRows + d.QueuedRows} en curso
            </Text>
          </Group>
          <DetailGrid
            cols={2}
            items={[
              { label: 'Archivo', value: d.FileName ?? '—' },
              { label: 'Creada', value: <DateText value={d.CreatedAt} withTime size="sm" /> },
              { label: 'Fecha de pago', value: d.PaymentDay ? <DateText value={d.PaymentDay} size="sm" /> : 'Al confirmar' },
              { label: 'Filas', value: String(d.TotalRows) },
              { label: 'Monto', value: mx(d.TotalAmount) },
              { label: 'Comisiones e IVA', value: mx(d.TotalTaxes) },
              { label: 'Total', value: mx(d.TotalImport) },
              { label: 'Último error', value: d.LastError ?? '—' },
            ]}
          />
          <Group gap="xs" wrap="wrap">
            {canSend && d.FailedRows > 0 && d.OpenRows + d.QueuedRows === 0 ? (
              <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => navigate(`/dispersal/transfer?tab=dispersions&resend=${d.Id}`)}>
                Reenviar fallidas
              </Button>
            ) : null}
            {(['csv', 'xlsx'] as const).map((f) => (
              <Button
                key={f}
                size="xs"
                variant="light"
                leftSection={<IconDownload size={14} />}
                onClick={() => download.mutate({ file: () => dispersionFiles.export(d.Id, f), fileName: `dispersion-${d.Id.slice(0, 8)}.${f}` })}
              >
                Exportar {f.toUpperCase()}
              </Button>
            ))}
            {d.IdS3 ? (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconFileDownload size={14} />}
                onClick={() => download.mutate({ file: () => dispersionFiles.original(d.Id), fileName: d.FileName ?? 'dispersion.csv' })}
              >
                Archivo original
              </Button>
            ) : null}
          </Group>
          {download.isError ? <ErrorAlert error={download.error} title="No fue posible descargar" /> : null}
          <RowsTable d={d} />
        </Stack>
      ) : null}
    </Drawer>
  );
}

/** Historial de dispersiones (/dispersal/history): filters, page size 10, and the detail of each. */
export function DispersionHistoryPage() {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<HistoryFilters>({ From: null, To: null, Status: null });
  const [page, setPage] = useState(1);
  const list = useDispersionHistory(filters, page);
  const openId = params.get('id');
  const set = (patch: Partial<HistoryFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const columns: Column<Dispersion>[] = [
    { key: 'date', header: 'Fecha', stack: 'date', render: (d) => <DateText size="sm" value={d.CreatedAt} withTime /> },
    { key: 'file', header: 'Archivo', stack: 'title', render: (d) => <Text size="sm">{d.FileName}</Text> },
    { key: 'rows', header: 'Filas', align: 'right', render: (d) => d.TotalRows },
    { key: 'total', header: 'Total', align: 'right', stack: 'amount', render: (d) => mx(d.TotalImport) },
    { key: 'day', header: 'Fecha de pago', render: (d) => <DateText size="sm" value={d.PaymentDay} /> },
    { key: 'status', header: 'Estatus', stack: 'status', render: (d) => <DispersionStatusBadge status={d.StatusDispersion} /> },
  ];
  const data = list.data;
  return (
    <>
      <PageHeader title="Historial de dispersiones" description="Tus dispersiones, su avance fila por fila, comprobantes y reenvío de las fallidas." />
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DayInput label="Desde" clearable value={filters.From} onChange={(v) => set({ From: v ? String(v).slice(0, 10) : null })} />
          <DayInput label="Hasta" clearable value={filters.To} onChange={(v) => set({ To: v ? String(v).slice(0, 10) : null })} />
          <FilterSelect label="Estatus" all="Todos" data={STATUS_OPTIONS} value={filters.Status} onChange={(v) => set({ Status: v })} />
        </SimpleGrid>
        {list.isError ? <Alert color="red">No fue posible cargar el historial.</Alert> : null}
        <DataTable
          testId="dispersion-history"
          columns={columns}
          rows={data?.Records}
          getRowId={(d) => d.Id}
          loading={list.isFetching && !data}
          error={list.isError ? list.error : undefined}
          onRetry={() => void list.refetch()}
          emptyText="Aún no tienes dispersiones"
          onRowClick={(d) => setParams({ id: d.Id })}
          rowLabel={(d) => `Ver la dispersión ${d.FileName ?? ''}`}
          paging={data ? { page: data.Page, totalPages: data.TotalPages, total: data.TotalRecords, onPageChange: setPage } : undefined}
        />
      </Stack>
      {openId ? <DispersionDetail id={openId} onClose={() => setParams({})} /> : null}
    </>
  );
}
