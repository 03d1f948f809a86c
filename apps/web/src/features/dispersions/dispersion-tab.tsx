import {
  DISPERSION_STATUS as D,
  SPEI_MESSAGES,
  type Dispersion,
  type DispersionPreview,
  type DispersionPreviewRow,
  type DispersionRowInput,
} from '@far/contracts';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconDownload, IconFileSpreadsheet, IconMail, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { DayInput } from '../../components/day-input';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { REQUIRED_MARK } from '../../components/required-mark';
import { money, todayIso } from '../../lib/format';
import { apiCentsOr0, useMoneyIntent } from '../../lib/money';
import {
  dispersionFiles,
  failedRows,
  useCreateDispersion,
  useDownload,
  useRequestDispersionCode,
  useValidateDispersion,
  type DispersionSourceInput,
} from './api';
import { DispersionStatusBadge, HolderBadge, mx, readAsBase64 } from './ui';

const ROW_FIELDS: Array<{ key: keyof DispersionRowInput; label: string }> = [
  { key: 'Name', label: 'Nombre del beneficiario' },
  { key: 'Clabe', label: 'CLABE' },
  { key: 'Amount', label: 'Monto' },
  { key: 'Concept', label: 'Concepto' },
  { key: 'Reference', label: 'Referencia numérica' },
];

function Templates() {
  const download = useDownload();
  return (
    <Group gap="xs">
      {(['csv', 'xlsx'] as const).map((f) => (
        <Button
          key={f}
          variant="light"
          size="xs"
          leftSection={<IconDownload size={14} />}
          loading={download.isPending && download.variables?.fileName === `plantilla-dispersion.${f}`}
          onClick={() => download.mutate({ file: () => dispersionFiles.template(f), fileName: `plantilla-dispersion.${f}` })}
        >
          Plantilla {f.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

/** Rows typed or corrected on the screen (a re-send starts from the failed rows). */
function RowsEditor({ rows, onChange }: { rows: Array<Record<string, string>>; onChange: (rows: Array<Record<string, string>>) => void }) {
  return (
    <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label="Filas de la dispersión">
      <Table data-testid="rows-editor">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fila</Table.Th>
            {ROW_FIELDS.map((f) => (
              <Table.Th key={f.key}>{f.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>
              <Table.Td>{i + 1}</Table.Td>
              {ROW_FIELDS.map((f) => (
                <Table.Td key={f.key}>
                  <TextInput
                    size="xs"
                    aria-label={`${f.label}, fila ${i + 1}`}
                    value={r[f.key] ?? ''}
                    onChange={(e) => onChange(rows.map((x, j) => (j === i ? { ...x, [f.key]: e.currentTarget.value } : x)))}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ErrorsTable({ preview }: { preview: DispersionPreview }) {
  return (
    <Stack gap="xs" data-testid="dispersion-errors">
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={`El archivo tiene ${preview.Errors.length} ${preview.Errors.length === 1 ? 'error' : 'errores'}`}
      >
        Corrige las filas y vuelve a cargar el archivo, o quita las filas con error.
      </Alert>
      <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label="Errores del archivo">
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fila</Table.Th>
              <Table.Th>Columna</Table.Th>
              <Table.Th>Error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.Errors.map((e, i) => (
              <Table.Tr key={i} bg="var(--mantine-color-red-light)">
                <Table.Td>{e.Row}</Table.Td>
                <Table.Td>{e.Column}</Table.Td>
                <Table.Td>{e.Message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function PreviewRows({
  preview,
  confirmed,
  onConfirm,
}: {
  preview: DispersionPreview;
  confirmed: Set<string>;
  onConfirm: (clabe: string, on: boolean) => void;
}) {
  const columns: Column<DispersionPreviewRow>[] = [
    { key: 'row', header: 'Fila', render: (r) => r.Row },
    { key: 'name', stack: 'title', header: 'Beneficiario', render: (r) => r.Name },
    {
      key: 'clabe',
      header: 'CLABE',
      render: (r) => (
        <Text size="xs" className="tabular">
          {r.Clabe}
        </Text>
      ),
    },
    { key: 'amount', stack: 'amount', header: 'Monto', align: 'right', render: (r) => mx(r.Amount) },
    { key: 'fee', header: 'Comisión + IVA', align: 'right', render: (r) => money(apiCentsOr0(r.Commission) + apiCentsOr0(r.IVA)) },
    { key: 'total', header: 'Total', align: 'right', render: (r) => mx(r.TotalAmount) },
    {
      key: 'holder',
      header: 'Titular',
      render: (r) => (
        <Stack gap={2}>
          <HolderBadge check={r.HolderCheck} />
          {r.HolderCheck === 'mismatch' ? (
            <>
              <Text size="xs">Titular: {r.HolderName}</Text>
              <Checkbox
                size="xs"
                label="Confirmo pagar a este titular"
                checked={confirmed.has(r.Clabe)}
                onChange={(e) => onConfirm(r.Clabe, e.currentTarget.checked)}
              />
            </>
          ) : null}
        </Stack>
      ),
    },
  ];
  return <DataTable testId="dispersion-preview-rows" columns={columns} rows={preview.Rows} getRowId={(r) => String(r.Row)} emptyText="Sin filas" />;
}

/** The Dispersiones tab of /dispersal/transfer: template, upload, every error at once, preview, code, now or a future day. */
export function DispersionsTab({ canSend }: { canSend: boolean }) {
  const [params, setParams] = useSearchParams();
  const resendOf = params.get('resend');
  const validate = useValidateDispersion();
  const create = useCreateDispersion();
  const sendCode = useRequestDispersionCode();
  const intent = useMoneyIntent();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [source, setSource] = useState<DispersionSourceInput | null>(null);
  const [rows, setRows] = useState<Array<Record<string, string>> | null>(null);
  const [confirmed, setConfirmed] = useState<Set<string>>(new Set());
  const [when, setWhen] = useState<'now' | 'day'>('now');
  const [day, setDay] = useState<string | null>(null);
  const [concept, setConcept] = useState('');
  const [code, setCode] = useState('');
  const [done, setDone] = useState<Dispersion | null>(null);
  const preview = validate.data;

  // A re-send starts from the failed rows of that dispersion, ready to correct.
  useEffect(() => {
    if (!resendOf) return;
    void failedRows(resendOf).then((page) =>
      setRows(
        page.Records.map((r) => ({
          Name: r.BeneficiaryName,
          Clabe: r.BeneficiaryAccountClabe,
          Amount: r.MovementAmount,
          Concept: r.Concept,
          Reference: r.Reference,
        })),
      ),
    );
  }, [resendOf]);

  const run = (next: DispersionSourceInput) => {
    setSource(next);
    setConfirmed(new Set(next.ConfirmedClabes ?? []));
    validate.mutate(next);
  };
  const onFile = async (f: File | null) => {
    setFile(f);
    setDone(null);
    validate.reset();
    if (!f) return;
    setProgress(0);
    const content = await readAsBase64(f, setProgress);
    run({ File: { Name: f.name, ContentBase64: content } });
  };
  const dropErrorRows = () =>
    source && preview && run({ ...source, DropRows: [...new Set([...(source.DropRows ?? []), ...preview.Errors.map((e) => e.Row)])] });
  const mismatchesLeft = preview ? preview.Rows.filter((r) => r.HolderCheck === 'mismatch' && !confirmed.has(r.Clabe)).length : 0;
  const dayError = when === 'day' && day && day <= todayIso() ? SPEI_MESSAGES.paymentDay : undefined;
  const ready =
    !!preview &&
    preview.Errors.length === 0 &&
    preview.Rows.length > 0 &&
    mismatchesLeft === 0 &&
    (when === 'now' ? preview.NeedsApproval || !preview.Blocker : !!day && !dayError);

  const submit = async () => {
    if (!source || !ready) return;
    const body = {
      ...source,
      ConfirmedClabes: [...confirmed],
      SecurityCode: code.trim(),
      ...(concept ? { Concept: concept } : {}),
      ...(when === 'day' && day ? { PaymentDay: day } : {}),
      ...(resendOf ? { ResendOf: resendOf } : {}),
    };
    const made = await intent({ ...body, SecurityCode: undefined }, (idempotencyKey) => create.mutateAsync({ body, idempotencyKey })).catch(() => undefined);
    if (made) {
      setDone(made);
      setCode('');
      if (resendOf) setParams((p) => (p.delete('resend'), p), { replace: true });
    }
  };

  if (!canSend) {
    return (
      <Alert color="blue" variant="light">
        Tu rol puede consultar las dispersiones, pero no enviarlas.
      </Alert>
    );
  }

  return (
    <Stack gap="md" data-testid="dispersions-tab">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} fz="md">
              {resendOf ? 'Reenviar las filas fallidas' : 'Nueva dispersión'}
            </Title>
            <Templates />
          </Group>
          <Text size="sm" c="dimmed">
            Un archivo CSV o XLSX (máximo 10 MB y 50,000 filas) con las columnas de la plantilla: nombre del beneficiario, CLABE, monto, concepto y referencia
            numérica; RFC y correo son opcionales.
          </Text>
          {rows ? (
            <Stack gap="xs">
              <RowsEditor rows={rows} onChange={setRows} />
              <Group>
                <Button size="xs" onClick={() => run({ Rows: rows as DispersionRowInput[] })} loading={validate.isPending}>
                  Validar filas
                </Button>
                <Text size="xs" c="dimmed">
                  O carga un archivo corregido.
                </Text>
              </Group>
            </Stack>
          ) : null}
          <div data-testid="dispersion-upload">
            <FileInput
              label="Archivo de dispersión"
              placeholder="Elige un archivo .csv o .xlsx"
              accept=".csv,.xlsx"
              leftSection={<IconFileSpreadsheet size={16} />}
              value={file}
              onChange={(f) => void onFile(f)}
              clearable
              clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
            />
          </div>
          {progress !== null && (progress < 100 || validate.isPending) ? (
            <Stack gap={4}>
              <Progress value={validate.isPending ? 100 : progress} animated={validate.isPending} aria-label="Avance de la carga" />
              <Text size="xs" c="dimmed">
                {validate.isPending ? 'Validando filas…' : `Leyendo el archivo… ${progress} %`}
              </Text>
            </Stack>
          ) : null}
          {validate.isError ? <ErrorAlert error={validate.error} title="No fue posible leer el archivo" /> : null}
        </Stack>
      </Paper>

      {preview && preview.Errors.length > 0 ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <ErrorsTable preview={preview} />
            <Group>
              <Button variant="light" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={dropErrorRows}>
                Quitar las filas con error
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      {preview && preview.Errors.length === 0 ? (
        <Paper withBorder p="md" data-testid="dispersion-preview">
          <Stack gap="sm">
            <Title order={2} fz="md">
              Vista previa
            </Title>
            <DetailGrid
              items={[
                { label: 'Filas', value: String(preview.Rows.length) },
                { label: 'Monto', value: mx(preview.Values.Amount) },
                { label: 'Comisión', value: mx(preview.Values.Commission) },
                { label: 'IVA (16 %)', value: mx(preview.Values.IVA) },
                {
                  label: 'Total a retirar',
                  value: (
                    <Text fw={700} span inherit>
                      {mx(preview.Values.TotalAmount)}
                    </Text>
                  ),
                },
                { label: 'Saldo disponible', value: mx(preview.AvailableBalance) },
                { label: 'Saldo restante', value: mx(preview.Values.RemainingBalance) },
              ]}
            />
            {preview.Blocker ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="No se puede enviar ahora">
                {preview.Blocker}
                {when === 'now' ? '. Puedes programarla para otro día: ese día se revisan de nuevo saldo y límites.' : ''}
              </Alert>
            ) : null}
            {preview.NeedsApproval ? (
              <Alert color="grape" variant="light">
                Por su monto, otro usuario de tu empresa debe autorizar esta dispersión antes de que se envíe.
              </Alert>
            ) : null}
            {mismatchesLeft > 0 ? (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm">
                    {mismatchesLeft === 1 ? 'Una fila tiene' : `${mismatchesLeft} filas tienen`} un titular distinto al indicado. Confírmalas o quítalas del
                    archivo.
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="white"
                    color="orange"
                    onClick={() => setConfirmed(new Set([...confirmed, ...preview.Rows.filter((r) => r.HolderCheck === 'mismatch').map((r) => r.Clabe)]))}
                  >
                    Confirmar todos
                  </Button>
                </Group>
              </Alert>
            ) : null}
            <PreviewRows
              preview={preview}
              confirmed={confirmed}
              onConfirm={(clabe, on) => setConfirmed((s) => (on ? new Set(s).add(clabe) : new Set([...s].filter((c) => c !== clabe))))}
            />
          </Stack>
        </Paper>
      ) : null}

      {preview && preview.Errors.length === 0 && preview.Rows.length > 0 ? (
        <Paper withBorder p="md">
          <form
            noValidate
            data-testid="form-dispersion-confirm"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Stack gap="sm">
              <Title order={2} fz="md">
                Envío y autorización
              </Title>
              <SegmentedControl
                value={when}
                onChange={(v) => setWhen(v as 'now' | 'day')}
                data={[
                  { value: 'now', label: 'Enviar ahora' },
                  { value: 'day', label: 'Programar' },
                ]}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {when === 'day' ? (
                  <DayInput
                    label="Fecha de pago"
                    {...REQUIRED_MARK}
                    value={day}
                    onChange={(v) => setDay(v ? String(v).slice(0, 10) : null)}
                    error={dayError}
                    minDate={new Date()}
                  />
                ) : null}
                <TextInput
                  label="Concepto de la dispersión"
                  description="Opcional, para tu historial"
                  maxLength={39}
                  value={concept}
                  onChange={(e) => setConcept(e.currentTarget.value)}
                />
              </SimpleGrid>
              {sendCode.isError ? <ErrorAlert error={sendCode.error} title="No fue posible enviar el código" /> : null}
              {create.isError ? <ErrorAlert error={create.error} title="No fue posible registrar la dispersión" /> : null}
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  label="Código de seguridad"
                  {...REQUIRED_MARK}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  description={sendCode.data ? `Enviamos un código a ${sendCode.data.CodeDeliveryDetails.Destination}` : 'Te enviaremos 6 dígitos a tu correo'}
                />
                <Button variant="light" leftSection={<IconMail size={16} />} loading={sendCode.isPending} onClick={() => sendCode.mutate()}>
                  {sendCode.data ? 'Reenviar código' : 'Enviar código'}
                </Button>
              </Group>
              <Group justify="flex-end">
                <Button type="submit" leftSection={<IconSend size={16} />} loading={create.isPending} disabled={!ready || code.trim().length !== 6}>
                  {when === 'day' ? 'Programar dispersión' : 'Confirmar dispersión'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : null}

      {done ? (
        <Alert
          color={done.StatusDispersion === D.fallida ? 'red' : 'green'}
          variant="light"
          icon={<IconCheck size={18} />}
          title="Dispersión registrada"
          data-testid="dispersion-done"
        >
          <Group gap="xs">
            <DispersionStatusBadge status={done.StatusDispersion} />
            <Text size="sm">
              {done.TotalRows} filas por {mx(done.TotalImport)}.{' '}
              <Anchor component={Link} to={`/dispersal/history?id=${done.Id}`}>
                Ver el detalle
              </Anchor>
            </Text>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
