// The charts' own rules (legend, tooltip), layered like the rest of Mantine's CSS.
import '@mantine/charts/styles.layer.css';
import { REPORT_FREQUENCY_LABELS, formatCurrency, type ReportKey, type ReportSummaryOut } from '@far/contracts';
import { BarChart, LineChart } from '@mantine/charts';
import { ActionIcon, Box, Button, Grid, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarRepeat, IconFileSpreadsheet, IconFileTypeCsv, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { FilterSelect } from '../../components/list-filters';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { DateText, MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { useMe } from '../../lib/api/get-me';
import { date, integer, money } from '../../lib/format';
import { apiCentsOr0 } from '../../lib/money';
import {
  FREQUENCY_OPTIONS,
  useBusinessOptions,
  useDownloadReport,
  useReportKinds,
  useReportSummary,
  useScheduleChange,
  useSchedules,
  type ReportAsk,
} from './api';

const fail = (title: string) => (e: unknown) => notifications.show({ color: 'red', title, message: errorText(e) });
/** Money points are drawn in cents (exact integers); axes and tips show pesos. */
const axisMoney = (v: number) => (Number.isSafeInteger(v) ? formatCurrency(v).replace(/\.\d{2}$/, '') : '');
const tipMoney = (v: number) => (Number.isSafeInteger(v) ? money(v) : '');
const COLORS = ['teal.6', 'red.6', 'blue.6', 'grape.6'];

function Figures({ summary }: { summary: ReportSummaryOut }) {
  const keys = summary.Chart.Keys;
  // One axis per chart: money when any key is money (a count beside it would be unreadable).
  const moneyKeys = keys.filter((k) => k.Money);
  const drawn = moneyKeys.length > 0 ? moneyKeys : keys;
  const isMoney = moneyKeys.length > 0;
  const data = summary.Chart.Points.map((p) => ({
    label: /^\d{4}-\d{2}-\d{2}$/.test(p.Label) ? `${p.Label.slice(8, 10)}/${p.Label.slice(5, 7)}` : p.Label,
    ...Object.fromEntries(drawn.map((k) => [k.Label, k.Money ? Number(apiCentsOr0(p.Values[k.Key] ?? '0')) : Number(p.Values[k.Key] ?? 0)])),
  }));
  const series = drawn.map((k, i) => ({ name: k.Label, color: COLORS[i % COLORS.length]! }));
  const common = {
    h: 260,
    data,
    dataKey: 'label',
    series,
    withLegend: true,
    tickLine: 'y' as const,
    gridAxis: 'y' as const,
    yAxisProps: isMoney ? { width: 90, tickFormatter: axisMoney } : { allowDecimals: false },
    valueFormatter: isMoney ? tipMoney : (v: number) => integer(v),
  };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(4, summary.Totals.length) }} data-testid="report-totals">
        {summary.Totals.map((t) => (
          <Paper key={t.Label} withBorder p="md">
            <Text size="xs" c="dimmed" fw={500}>
              {t.Label}
            </Text>
            {t.Money ? (
              <MoneyText cents={apiCentsOr0(t.Value)} fz={22} fw={700} />
            ) : (
              <Text fz={22} fw={700}>
                {integer(Number(t.Value))}
              </Text>
            )}
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="md" data-testid="report-chart">
        <Title order={2} fz="md" mb="sm">
          {`Del ${date(summary.From)} al ${date(summary.To)}`}
        </Title>
        {data.length === 0 ? (
          <Text c="dimmed" size="sm">
            Sin datos en el periodo
          </Text>
        ) : summary.Chart.Type === 'line' ? (
          <LineChart {...common} curveType="monotone" />
        ) : (
          <BarChart {...common} />
        )}
      </Paper>
    </Stack>
  );
}

function Schedules({ ask }: { ask: ReportAsk }) {
  const list = useSchedules();
  const { create, remove } = useScheduleChange();
  const [format, setFormat] = useState<'csv' | 'xlsx'>('xlsx');
  const [frequency, setFrequency] = useState<'daily' | 'monthly'>('daily');
  // On a phone each schedule is a card: the report on top, when it is sent below.
  const columns: Column<NonNullable<typeof list.data>[number]>[] = [
    { key: 'kind', header: 'Reporte', stack: 'title', render: (s) => `${s.KindLabel} (${s.Format.toUpperCase()})` },
    { key: 'frequency', header: 'Frecuencia', render: (s) => REPORT_FREQUENCY_LABELS[s.Frequency] },
    { key: 'next', header: 'Próximo envío', render: (s) => <DateText value={s.NextRunAt} withTime inherit /> },
    {
      key: 'actions',
      header: <VisuallyHidden>Acciones</VisuallyHidden>,
      align: 'right',
      render: (s) => (
        <Tooltip label="Dejar de recibir">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Dejar de recibir ${s.KindLabel}`}
            onClick={() =>
              openConfirmDialog({
                title: 'Dejar de recibir el reporte',
                message: `Ya no recibirás ${s.KindLabel}.`,
                confirmLabel: 'Dejar de recibir',
                danger: true,
                onConfirm: () => remove.mutate(s.Id, { onError: fail('No se eliminó') }),
              })
            }
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Recibir por correo
        </Title>
        <Text size="sm" c="dimmed">
          El reporte elegido, con los mismos filtros de empresa y estatus, llega a tu correo como archivo adjunto a las 7:00.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Frecuencia"
            data={FREQUENCY_OPTIONS}
            value={frequency}
            onChange={(v) => setFrequency(v === 'monthly' ? 'monthly' : 'daily')}
            allowDeselect={false}
            w={240}
          />
          <Select
            label="Formato"
            data={[
              { value: 'xlsx', label: 'Excel (XLSX)' },
              { value: 'csv', label: 'CSV' },
            ]}
            value={format}
            onChange={(v) => setFormat(v === 'csv' ? 'csv' : 'xlsx')}
            allowDeselect={false}
            w={160}
          />
          <Button
            leftSection={<IconCalendarRepeat size={16} />}
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { ask, Format: format, Frequency: frequency },
                { onSuccess: () => notifications.show({ color: 'green', message: 'Reporte programado' }), onError: fail('No se programó el reporte') },
              )
            }
          >
            Programar
          </Button>
        </Group>
        {list.isError ? <ErrorAlert error={list.error} title="No fue posible cargar tus reportes programados" onRetry={() => void list.refetch()} /> : null}
        {list.data && list.data.length > 0 ? (
          <Box component="section" aria-label="Reportes programados">
            <DataTable columns={columns} rows={list.data} getRowId={(s) => s.Id} testId="report-schedules" />
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Reportes (/report): pick a report and a period, see its figures, download it, or receive it by e-mail. */
export function ReportsPage() {
  const me = useMe();
  const kinds = useReportKinds();
  const [ask, setAsk] = useState<ReportAsk>({ Kind: 'movements', range: [null, null], BusinessId: null, Status: null });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const staff = me.data?.kind === 'FAR';
  const businesses = useBusinessOptions(debounced, staff);
  const summary = useReportSummary(ask);
  const download = useDownloadReport();
  if (me.isPending || kinds.isPending) return <LoadingScreen label="Cargando…" />;
  const kind = kinds.data?.find((k) => k.Key === ask.Kind);
  const update = (patch: Partial<ReportAsk>) => setAsk((a) => ({ ...a, ...patch }));
  const get = (format: 'csv' | 'xlsx') => download.mutate({ ask, format }, { onError: fail('No se descargó el reporte') });

  return (
    <>
      <PageHeader
        title="Reportes"
        description="Las cifras del periodo y el detalle para descargar. Fechas en hora de la Ciudad de México; sin periodo, el mes en curso."
        actions={
          <>
            <Button
              variant="light"
              leftSection={<IconFileTypeCsv size={16} />}
              loading={download.isPending && download.variables?.format === 'csv'}
              onClick={() => get('csv')}
              data-testid="report-csv"
            >
              CSV
            </Button>
            <Button
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={download.isPending && download.variables?.format === 'xlsx'}
              onClick={() => get('xlsx')}
              data-testid="report-xlsx"
            >
              Excel (XLSX)
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="sm">
          <Grid align="flex-end" gap="sm">
            <Grid.Col span={{ base: 12, md: staff ? 3 : 4 }}>
              <Select
                label="Reporte"
                data={(kinds.data ?? []).map((k) => ({ value: k.Key, label: k.Label }))}
                value={ask.Kind}
                onChange={(v) => v && update({ Kind: v as ReportKey, Status: null })}
                allowDeselect={false}
                data-testid="report-kind"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, md: staff ? 3 : 4 }}>
              <DatePickerInput
                type="range"
                label="Periodo"
                placeholder="Mes en curso"
                valueFormat="DD/MM/YYYY"
                allowSingleDateInRange
                clearable
                value={ask.range}
                onChange={(range) => update({ range: range as [string | null, string | null] })}
              />
            </Grid.Col>
            {staff ? (
              <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                <FilterSelect
                  label="Empresa"
                  all="Todas"
                  searchable
                  searchValue={search}
                  onSearchChange={setSearch}
                  data={(businesses.data?.Records ?? []).map((b) => ({ value: b.Id, label: `${b.Name} (${b.AccountNumber})` }))}
                  value={ask.BusinessId}
                  onChange={(v) => update({ BusinessId: v })}
                  nothingFoundMessage="Sin coincidencias"
                />
              </Grid.Col>
            ) : null}
            <Grid.Col span={{ base: 12, sm: 6, md: staff ? 3 : 4 }}>
              <FilterSelect
                label="Estatus"
                all="Todos"
                data={(kind?.Statuses ?? []).map((s) => ({ value: s.Key, label: s.Label }))}
                value={ask.Status}
                onChange={(v) => update({ Status: v })}
                disabled={!kind || kind.Statuses.length === 0}
              />
            </Grid.Col>
          </Grid>
        </Paper>
        {summary.isError ? (
          <ErrorAlert error={summary.error} title="No fue posible calcular las cifras" onRetry={() => void summary.refetch()} />
        ) : summary.data ? (
          <Figures summary={summary.data} />
        ) : (
          <Skeleton h={320} />
        )}
        <Schedules ask={ask} />
      </Stack>
    </>
  );
}
