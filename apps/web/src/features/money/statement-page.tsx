import type { AccountState } from '@far/contracts';
import { Button, Group, Modal, Paper, ScrollArea, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Column } from '../../components/data-table';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { StackedRows, useStacked } from '../../components/stacked-rows';
import { DateText, MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { todayIso } from '../../lib/format';
import { apiCents, saveBlob } from '../../lib/money';
import { ClabeRegistrationBadge } from '../../components/clabe-registration';
import { useAccountState } from './api/get-account-state';
import { useAccountStatePdf } from './api/download-account-state';

/** 'YYYY-MM-01' of the current month in Mexico City. */
const thisMonth = () => `${todayIso().slice(0, 7)}-01`;

function Figure({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  const cents = apiCents(value);
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <MoneyText cents={cents} fz={strong ? 22 : 18} fw={700} c={cents !== null && cents < 0n ? 'red.9' : undefined} />
    </Paper>
  );
}

type Line = AccountState['Movements'][number] & { id: string };

function Empty() {
  return (
    <Text c="dimmed" ta="center" py="lg" data-testid="empty-state">
      Sin movimientos en el periodo
    </Text>
  );
}

/** The statement's lines; their stack places make a phone show each as a card, the amount in view. */
const LINE_COLUMNS: Column<Line>[] = [
  { key: 'date', header: 'Fecha', stack: 'date', render: (l) => <DateText size="sm" value={l.Date} withTime /> },
  {
    key: 'description',
    header: 'Descripción',
    stack: 'title',
    render: (l) => (
      <>
        <Text size="sm">{l.Description}</Text>
        {l.OwnTransfer ? (
          <Text size="xs" c="dimmed">
            Traspaso entre tus cuentas: tu saldo total no cambia
          </Text>
        ) : null}
        {l.Concept ? (
          <Text size="xs" c="dimmed">
            {l.Concept}
            {l.Reference ? ` · Ref. ${l.Reference}` : ''}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'tracking',
    header: 'Clave de rastreo',
    render: (l) => (
      <Text size="xs" className="tabular">
        {l.TrackingKey ?? ''}
      </Text>
    ),
  },
  {
    key: 'amount',
    header: 'Importe',
    align: 'right',
    stack: 'amount',
    render: (l) => {
      const amount = apiCents(l.Amount);
      return <MoneyText size="sm" cents={amount} c={l.OwnTransfer ? 'gray.7' : amount !== null && amount < 0n ? 'red.9' : 'teal.9'} />;
    },
  },
  { key: 'balance', header: 'Saldo', align: 'right', render: (l) => <MoneyText size="sm" cents={apiCents(l.Balance)} /> },
];

function Summary({ s }: { s: AccountState }) {
  const stacked = useStacked(LINE_COLUMNS);
  const lines: Line[] = s.Movements.map((l, i) => ({ ...l, id: `${l.Date}-${i}` }));
  return (
    <Stack gap="md" data-testid="statement-summary">
      <Paper withBorder p="md">
        <DetailGrid
          cols={4}
          items={[
            { label: 'Empresa', value: s.Business.Name },
            { label: 'RFC', value: s.Business.Rfc },
            {
              label: 'CLABE',
              value: (
                <Group gap={6} wrap="wrap">
                  <Text span className="tabular" inherit>
                    {s.Business.AccountNumber}
                  </Text>
                  <ClabeRegistrationBadge />
                </Group>
              ),
            },
            { label: 'Periodo', value: s.Period.Label },
          ]}
        />
      </Paper>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        <Figure label="Saldo inicial" value={s.OpeningBalance} testId="statement-opening" />
        <Figure label="Abonos" value={s.Deposits} testId="statement-deposits" />
        <Figure label="Cargos" value={s.Withdrawals} testId="statement-withdrawals" />
        <Figure label="Comisiones" value={s.Commissions} testId="statement-commissions" />
        <Figure label="IVA" value={s.IVA} testId="statement-iva" />
        <Figure label="Saldo final" value={s.ClosingBalance} strong testId="statement-closing" />
      </SimpleGrid>
      <Paper withBorder data-testid="statement-list" data-state={s.Movements.length === 0 ? 'empty' : 'ready'}>
        {stacked ? (
          s.Movements.length === 0 ? (
            <Empty />
          ) : (
            <StackedRows columns={LINE_COLUMNS} rows={lines} getRowId={(l) => l.id} onToggle={() => undefined} label="Movimientos del estado de cuenta" />
          )
        ) : (
          <ScrollArea.Autosize mah={480} type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Movimientos del estado de cuenta' }}>
            <Table verticalSpacing={6} horizontalSpacing="md" stickyHeader data-testid="statement-lines">
              <Table.Thead bg="var(--mantine-color-gray-0)">
                <Table.Tr>
                  {LINE_COLUMNS.map((c) => (
                    <Table.Th key={c.key} ta={c.align}>
                      {c.header}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.Movements.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={LINE_COLUMNS.length}>
                      <Empty />
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  lines.map((l) => (
                    <Table.Tr key={l.id}>
                      {LINE_COLUMNS.map((c) => (
                        <Table.Td key={c.key} ta={c.align}>
                          {c.render(l)}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Paper>
      <Text size="xs" c="dimmed">
        Generado el <DateText value={s.GeneratedAt} withTime inherit /> (hora de la Ciudad de México).
      </Text>
    </Stack>
  );
}

/** Estado de cuenta (/account/status): pick a month, read its figures and download or preview the PDF. */
export function StatementPage() {
  const [month, setMonth] = useState<string | null>(thisMonth());
  const [year, monthNumber] = (month ?? thisMonth()).split('-').map(Number) as [number, number];
  const state = useAccountState(year, monthNumber);
  const pdf = useAccountStatePdf();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [action, setAction] = useState<'view' | 'download' | null>(null);
  const fileName = state.data
    ? `estado-de-cuenta-${state.data.Business.ClientNumber}-${year}-${String(monthNumber).padStart(2, '0')}.pdf`
    : `estado-de-cuenta-${year}-${String(monthNumber).padStart(2, '0')}.pdf`;

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const getPdf = (kind: 'view' | 'download', then: (blob: Blob) => void) => {
    setAction(kind);
    pdf.mutate(
      { year, month: monthNumber },
      {
        onSuccess: then,
        onError: (e) => notifications.show({ color: 'red', title: 'No se generó el estado de cuenta', message: errorText(e) }),
        onSettled: () => setAction(null),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Estado de cuenta"
        description="Saldo inicial, movimientos, comisiones con IVA y saldo final de cada mes."
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconEye size={16} />}
              disabled={!state.data || action !== null}
              loading={action === 'view'}
              onClick={() => getPdf('view', (blob) => setPreviewUrl(URL.createObjectURL(blob)))}
            >
              Ver PDF
            </Button>
            <Button
              leftSection={<IconDownload size={16} />}
              disabled={!state.data || action !== null}
              loading={action === 'download'}
              onClick={() => getPdf('download', (blob) => saveBlob(blob, fileName))}
            >
              Descargar PDF
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        <Group align="flex-end">
          <MonthPickerInput
            label="Mes"
            placeholder="Elige un mes"
            valueFormat="MMMM YYYY"
            maxDate={new Date()}
            value={month}
            onChange={(v) => setMonth(v)}
            allowDeselect={false}
            w={240}
            data-testid="statement-month"
          />
        </Group>
        {state.isPending ? (
          <Stack gap="sm">
            <Skeleton h={70} />
            <Skeleton h={90} />
            <Skeleton h={220} />
          </Stack>
        ) : state.isError ? (
          <ErrorAlert error={state.error} title="No fue posible cargar el estado de cuenta" onRetry={() => void state.refetch()} />
        ) : (
          <Summary s={state.data} />
        )}
      </Stack>
      <Modal
        opened={previewUrl !== null}
        onClose={() => setPreviewUrl(null)}
        title={`Estado de cuenta · ${state.data?.Period.Label ?? ''}`}
        size="90%"
        centered
      >
        {previewUrl ? <iframe title="Estado de cuenta (PDF)" src={previewUrl} style={{ width: '100%', height: '75vh', border: 0 }} /> : null}
      </Modal>
    </>
  );
}
