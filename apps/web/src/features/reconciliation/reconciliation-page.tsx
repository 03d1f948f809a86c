import type { ReconciliationLine, ReconciliationRun } from '@far/contracts';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCash, IconCheck, IconFileDownload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { CommentDialog } from '../../components/comment-dialog';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { DayInput } from '../../components/day-input';
import { FilterSelect } from '../../components/list-filters';
import { PageHeader } from '../../components/page-header';
import { DateText, MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { EMPTY, money, todayIso } from '../../lib/format';
import { apiCents, useMoneyIntent } from '../../lib/money';
import { useCreditLine, useDownloadCsv, useReconciliationDay, useReviewLine, useRunDay, type DayAsk } from './api';

const MENU = '/spei-reconciliation';
const STATUS_OPTIONS = [
  { value: 'abierta', label: 'Pendiente' },
  { value: 'revisada', label: 'Revisada' },
  { value: 'abonada', label: 'Abonada' },
];
const KIND_COLORS: Record<ReconciliationLine['Kind'], string> = { falta_en_libro: 'red', falta_en_riel: 'orange', monto: 'grape', estado: 'blue' };
const STATUS_COLORS: Record<ReconciliationLine['Status'], string> = { abierta: 'yellow', revisada: 'gray', abonada: 'teal' };

const amount = (v: string | null) => (v === null ? <Text span>{EMPTY}</Text> : <MoneyText cents={apiCents(v)} size="sm" />);
const failed = (title: string) => (e: unknown) => notifications.show({ color: 'red', title, message: errorText(e) });

function RunSummary({ run }: { run: ReconciliationRun }) {
  const fact = (label: string, value: React.ReactNode) => (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {value}
      </Text>
    </Stack>
  );
  return (
    <Card withBorder padding="md" data-testid="reconciliation-run">
      {run.Status === 'fallida' ? (
        <Alert color="red" mb="sm" title="No se pudo consultar el riel">
          {run.Error}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        {fact('Riel', run.RailName)}
        {fact(
          'Resultado',
          <Badge color={run.Status === 'completa' ? 'teal' : 'red'} variant="light">
            {run.StatusName}
          </Badge>,
        )}
        {fact('Conciliado', <DateText value={run.RanAt} withTime inherit />)}
        {fact('Por', run.RanBy ?? 'Tarea diaria')}
        {fact('Enviadas (riel / libro)', `${run.SentRail} / ${run.SentLedger}`)}
        {fact('Recibidas (riel / libro)', `${run.ReceivedRail} / ${run.ReceivedLedger}`)}
      </SimpleGrid>
      <Text size="sm" mt="sm" data-testid="reconciliation-open">
        {run.Open === 0 ? 'Sin diferencias pendientes' : `${run.Open} ${run.Open === 1 ? 'diferencia pendiente' : 'diferencias pendientes'}`}
      </Text>
    </Card>
  );
}

function ReviewModal({ line, onClose }: { line: ReconciliationLine | null; onClose: () => void }) {
  const review = useReviewLine();
  return (
    <CommentDialog
      opened={line !== null}
      title="Marcar como revisada"
      intro={
        <Text size="sm">
          {line?.KindName} · {line?.TrackingKey}
        </Text>
      }
      label="Comentario"
      description="Queda en la bitácora junto con tu nombre."
      emptyMessage="Este campo es requerido"
      submitLabel="Guardar"
      loading={review.isPending}
      onClose={onClose}
      onSubmit={(comment, { done, fail }) =>
        line &&
        review.mutate(
          { id: line.Id, comment },
          {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: 'Línea marcada como revisada' });
              done();
            },
            onError: (e) => fail(errorText(e)),
          },
        )
      }
    />
  );
}

export function ReconciliationPage() {
  const [ask, setAsk] = useState<DayAsk>({ Day: todayIso() });
  const day = useReconciliationDay(ask);
  const run = useRunDay();
  const credit = useCreditLine();
  const csv = useDownloadCsv();
  const intent = useMoneyIntent();
  const [reviewing, setReviewing] = useState<ReconciliationLine | null>(null);
  const canRun = useCan(MENU, 'Editar');
  const canCredit = useCan(MENU, 'Agregar');

  const creditLine = (line: ReconciliationLine) =>
    openConfirmDialog({
      title: 'Abonar SPEI faltante',
      message: `Se abonará ${money(apiCents(line.RailAmount))} de ${line.Counterparty ?? 'el ordenante'} a la CLABE ${line.Account ?? ''}, con su comisión, una sola vez.`,
      confirmLabel: 'Abonar',
      onConfirm: () =>
        void intent({ line: line.Id }, (key) => credit.mutateAsync({ id: line.Id, idempotencyKey: key }))
          .then((r) => r && notifications.show({ color: 'teal', message: r.Duplicate ? 'La orden ya estaba abonada' : 'SPEI abonado' }))
          .catch(failed('No se abonó')),
    });

  const columns: Column<ReconciliationLine>[] = [
    {
      key: 'kind',
      header: 'Diferencia',
      stack: 'title',
      render: (l) => (
        <Stack gap={2} align="flex-start">
          <Badge color={KIND_COLORS[l.Kind]} variant="light" tt="none" styles={{ label: { overflow: 'visible' } }}>
            {l.KindName}
          </Badge>
          <Text size="xs" c="dimmed">
            {l.DirectionName}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'key',
      header: 'Clave de rastreo y contraparte',
      render: (l) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {l.TrackingKey}
          </Text>
          <Text size="xs" c="dimmed">
            {l.Counterparty ?? EMPTY}
          </Text>
        </Stack>
      ),
    },
    { key: 'rail', header: 'Monto en el riel', align: 'right', stack: 'amount', render: (l) => amount(l.RailAmount) },
    { key: 'ledger', header: 'Monto en el libro', align: 'right', render: (l) => amount(l.LedgerAmount) },
    { key: 'states', header: 'Estado (riel / libro)', render: (l) => <Text size="sm">{`${l.RailState ?? EMPTY} / ${l.LedgerState ?? EMPTY}`}</Text> },
    {
      key: 'status',
      header: 'Estatus',
      stack: 'status',
      render: (l) => (
        <Stack gap={2} align="flex-start">
          <Badge color={STATUS_COLORS[l.Status]} variant="light" styles={{ label: { overflow: 'visible' } }}>
            {l.StatusName}
          </Badge>
          {l.Comment ? (
            <Text size="xs" c="dimmed">
              {l.Comment}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (l) =>
        l.Status !== 'abierta' ? null : (
          <Group gap="xs" justify="flex-end">
            {l.CanCredit && canCredit ? (
              <Button
                size="xs"
                variant="light"
                color="teal"
                leftSection={<IconCash size={14} />}
                onClick={() => creditLine(l)}
                aria-label={`Abonar ${l.TrackingKey}`}
              >
                Abonar
              </Button>
            ) : null}
            {canRun ? (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCheck size={14} />}
                onClick={() => setReviewing(l)}
                aria-label={`Marcar revisada ${l.TrackingKey}`}
              >
                Marcar revisada
              </Button>
            ) : null}
          </Group>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Conciliación SPEI"
        description="Cada día de operación, lo que dice el riel SPEI contra el libro: órdenes faltantes, montos y estados distintos."
        actions={
          <Button
            variant="default"
            leftSection={<IconFileDownload size={16} />}
            loading={csv.isPending}
            onClick={() => csv.mutate(ask, { onError: failed('No se descargó el CSV') })}
          >
            Descargar CSV
          </Button>
        }
      />
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DayInput label="Día de operación" value={ask.Day} maxDate={todayIso()} onChange={(v) => v && setAsk((a) => ({ ...a, Day: v }))} w={180} />
          <FilterSelect
            label="Estatus"
            all="Todos"
            data={STATUS_OPTIONS}
            value={ask.Status ?? null}
            onChange={(v) => setAsk((a) => ({ Day: a.Day, ...(v ? { Status: v as DayAsk['Status'] } : {}) }))}
            w={180}
          />
          {canRun ? (
            <Button
              leftSection={<IconRefresh size={16} />}
              loading={run.isPending}
              onClick={() =>
                run.mutate(ask.Day, {
                  onSuccess: (d) =>
                    notifications.show(
                      d.Run?.Status === 'fallida'
                        ? { color: 'red', title: 'No se pudo consultar el riel', message: d.Run.Error ?? '' }
                        : { color: 'teal', message: 'Conciliación ejecutada' },
                    ),
                  onError: failed('No se ejecutó la conciliación'),
                })
              }
            >
              Conciliar día
            </Button>
          ) : null}
        </Group>
        {day.data?.Run ? (
          <RunSummary run={day.data.Run} />
        ) : day.data ? (
          <Alert color="blue" title="Día sin conciliar">
            La tarea diaria concilia cada día una hora después de su cierre; también puedes conciliarlo ahora.
          </Alert>
        ) : null}
        <DataTable
          testId="reconciliation-lines"
          caption="Diferencias del día"
          columns={columns}
          rows={day.data?.Lines}
          getRowId={(l) => l.Id}
          loading={day.isPending}
          error={day.error}
          onRetry={() => void day.refetch()}
          emptyText={day.data?.Run ? 'Sin diferencias: el riel y el libro coinciden' : 'Sin líneas'}
        />
      </Stack>
      <ReviewModal line={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
