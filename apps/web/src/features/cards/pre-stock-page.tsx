import { Alert, Box, Button, Group, Modal, NumberInput, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { errorText } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { dateTime, integer } from '../../lib/format';
import {
  downloadFailedRows,
  useBatchErrors,
  useBatches,
  useGenerate,
  useRefreshStock,
  useSetThreshold,
  useStatusCounts,
  useStockSettings,
  useUploadStock,
} from './api';
import { FileTemplates, RowErrors, StatusCounts, UploadButton, batchStatusName } from './ui';

type Batch = NonNullable<ReturnType<typeof useBatches>['data']>['Records'][number];

/** On a phone each batch is a card: its reference and status on top, its progress and counts below. */
const batchColumns = (showFailed: (reference: string) => void): Column<Batch>[] => [
  { key: 'batch', header: 'Lote', stack: 'title', render: (b) => b.ReferenceBatch },
  { key: 'origin', header: 'Origen', render: (b) => (b.PathStorage.startsWith('bin://') ? 'BIN' : 'CSV') },
  {
    key: 'progress',
    header: 'Avance',
    render: (b) => {
      const handled = b.CreatedRecords + b.FailedRecords;
      return (
        <Box miw={120}>
          <Progress value={b.TotalRecords ? (handled * 100) / b.TotalRecords : 0} aria-label={`Avance del lote ${b.ReferenceBatch}`} />
          <Text size="xs">
            {integer(handled)} de {integer(b.TotalRecords)}
          </Text>
        </Box>
      );
    },
  },
  { key: 'created', header: 'Creadas', render: (b) => integer(b.CreatedRecords) },
  { key: 'failed', header: 'Fallidas', render: (b) => integer(b.FailedRecords) },
  { key: 'status', header: 'Estatus', stack: 'status', render: (b) => batchStatusName(b.Status) },
  { key: 'date', header: 'Fecha', render: (b) => dateTime(b.GeneratedAt) },
  {
    key: 'actions',
    header: '',
    render: (b) =>
      b.FailedRecords > 0 ? (
        <Button size="xs" variant="subtle" onClick={() => showFailed(b.ReferenceBatch)}>
          Ver filas fallidas
        </Button>
      ) : null,
  },
];

/** The failed rows of a batch and why, on screen (the CSV download stays for long lists). */
function FailedRows({ reference, onClose }: { reference: string | null; onClose: () => void }) {
  const batch = useBatchErrors(reference);
  return (
    <Modal opened={reference !== null} onClose={onClose} title={`Filas fallidas del lote ${reference ?? ''}`} size="lg" centered>
      {batch.isError ? <ErrorAlert error={batch.error} title="No fue posible cargar las filas fallidas" onRetry={() => void batch.refetch()} /> : null}
      {batch.isPending && reference ? <Text size="sm">Cargando…</Text> : null}
      <RowErrors errors={batch.data?.Errors ?? []} />
      {reference ? (
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" leftSection={<IconDownload size={14} />} onClick={() => void downloadFailedRows(reference)}>
            Descargar CSV
          </Button>
        </Group>
      ) : null}
    </Modal>
  );
}

/**
 * When a batch ends (seen in progress and then final, or first seen already final), the counters
 * and the low-stock alert are read again at once: the figures are keyed on the finished batches.
 */
function useRefreshWhenBatchesEnd(finished: string) {
  const refresh = useRefreshStock();
  const before = useRef(finished);
  useEffect(() => {
    if (finished !== before.current) refresh();
    before.current = finished;
  }, [finished, refresh]);
}

/** Pre Stock (staff): stock by status, generation from the BIN, CSV upload, batches with live progress, low-stock threshold. */
export function PreStockPage() {
  const canAdd = useCan('/pre-stock-cards', 'Agregar');
  const canEdit = useCan('/pre-stock-cards', 'Editar');
  const [tokens, setTokens] = useState<(string | undefined)[]>([undefined]);
  const settings = useStockSettings();
  const counts = useStatusCounts();
  const batches = useBatches(tokens.at(-1));
  const generate = useGenerate();
  const upload = useUploadStock();
  const threshold = useSetThreshold();
  const [count, setCount] = useState<number | string>(100);
  const [min, setMin] = useState<number | string>('');
  const [failedOf, setFailedOf] = useState<string | null>(null);
  useRefreshWhenBatchesEnd(
    (batches.data?.Records ?? [])
      .filter((b) => b.Status !== 'INPROGRESS')
      .map((b) => `${b.ReferenceBatch}:${b.Status}`)
      .join(),
  );
  const records = batches.data?.Records ?? [];

  const done = (message: string) => () => notifications.show({ color: 'green', message });
  const failed = (e: unknown) => notifications.show({ color: 'red', title: 'No se pudo completar', message: errorText(e) });

  return (
    <>
      <PageHeader title="Pre Stock" description="Stock de tarjetas: lotes de creación, avance y alerta de stock bajo." />
      <StatusCounts counts={counts.data} />
      {settings.data?.IsLow ? (
        <Alert color="orange" mb="md" title="Stock bajo">
          Quedan {integer(settings.data.Unassigned)} tarjetas sin asignar; el mínimo es {integer(settings.data.LowStockThreshold)}.
        </Alert>
      ) : null}
      <Group align="flex-start" gap="md" mb="lg" wrap="wrap">
        {canAdd ? (
          <Paper withBorder p="md" radius="md" style={{ flex: '1 1 280px' }}>
            <Stack gap="xs">
              <Title order={2} fz="md">
                Generar del BIN {settings.data?.Bin ?? ''}
              </Title>
              <NumberInput label="Número de tarjetas" min={1} max={100000} value={count} onChange={setCount} thousandSeparator="," />
              <Group>
                <Button loading={generate.isPending} onClick={() => generate.mutate(Number(count), { onSuccess: done('Lote en proceso'), onError: failed })}>
                  Generar tarjetas
                </Button>
                <UploadButton
                  label="Cargar CSV"
                  loading={upload.isPending}
                  onFile={(f) => upload.mutate(f, { onSuccess: done('Lote en proceso'), onError: failed })}
                />
              </Group>
              <FileTemplates kind="stock" />
            </Stack>
          </Paper>
        ) : null}
        <Paper withBorder p="md" radius="md" style={{ flex: '1 1 280px' }}>
          <Stack gap="xs">
            <Title order={2} fz="md">
              Mínimo de stock
            </Title>
            <Text size="sm">Sin asignar: {integer(settings.data?.Unassigned ?? 0)}</Text>
            <NumberInput
              label="Avisar cuando queden menos de"
              min={0}
              value={min === '' ? (settings.data?.LowStockThreshold ?? '') : min}
              onChange={setMin}
              disabled={!canEdit}
            />
            {canEdit ? (
              <Button
                variant="light"
                loading={threshold.isPending}
                onClick={() =>
                  threshold.mutate(Number(min === '' ? settings.data?.LowStockThreshold : min), {
                    onSuccess: done('Mínimo de stock actualizado'),
                    onError: failed,
                  })
                }
              >
                Guardar mínimo
              </Button>
            ) : null}
          </Stack>
        </Paper>
      </Group>
      <Title order={2} fz="lg" mb="sm">
        Lotes de creación
      </Title>
      {batches.isError ? <ErrorAlert error={batches.error} title="No fue posible cargar los lotes" onRetry={() => void batches.refetch()} /> : null}
      {batches.isSuccess && records.length === 0 ? (
        <Paper withBorder p="lg" radius="md" ta="center" data-testid="batches-empty">
          <Text fw={600}>Aún no hay lotes de creación</Text>
          <Text size="sm" c="dimmed">
            Genera tarjetas del BIN o carga un archivo de stock con la plantilla; cada lote aparece aquí con su avance.
          </Text>
        </Paper>
      ) : null}
      <FailedRows reference={failedOf} onClose={() => setFailedOf(null)} />
      {records.length > 0 ? (
        <Box component="section" aria-label="Lotes de creación">
          <DataTable columns={batchColumns(setFailedOf)} rows={records} getRowId={(b) => b.ReferenceBatch} testId="creation-batches" />
        </Box>
      ) : null}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" disabled={tokens.length < 2} onClick={() => setTokens(tokens.slice(0, -1))}>
          Anterior
        </Button>
        <Button variant="default" disabled={!batches.data?.PaginationToken} onClick={() => setTokens([...tokens, batches.data!.PaginationToken!])}>
          Siguiente
        </Button>
      </Group>
    </>
  );
}
