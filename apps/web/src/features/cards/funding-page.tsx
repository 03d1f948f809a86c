import type { FundingPreview } from '@far/contracts';
import { Alert, Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { errorText } from '../../lib/api-client';
import { money } from '../../lib/format';
import { apiCentsOr0, useMoneyIntent } from '../../lib/money';
import { previewFunding, requestCode, useExecuteFunding } from './api';
import { CardsNav, FileTemplates, RowErrors, UploadButton } from './ui';

type Preview = FundingPreview;
const cents = (value: string) => <span className="tabular">{money(apiCentsOr0(value))}</span>;

/** Each row of the file; on a phone a card with the card as title and the total charged as amount (issue 26 §5). */
const FUNDING_COLUMNS: Column<Preview['Rows'][number]>[] = [
  { key: 'row', header: 'Fila', render: (r) => r.Row },
  { key: 'card', header: 'Tarjeta', stack: 'title', render: (r) => <span className="tabular">{r.MaskedPan}</span> },
  { key: 'amount', header: 'Monto', align: 'right', render: (r) => cents(r.Amount) },
  { key: 'commission', header: 'Comisión', align: 'right', render: (r) => cents(r.Commission) },
  { key: 'iva', header: 'IVA', align: 'right', render: (r) => cents(r.IVA) },
  { key: 'total', header: 'Total', align: 'right', stack: 'amount', render: (r) => cents(r.Total) },
];

/** Fondeo de tarjetas: a CSV (CardIdentifier or CardholderIdentifier, Amount) → preview → code → executed once. */
export function FundingPage() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [loading, setLoading] = useState(false);
  const execute = useExecuteFunding();
  const intent = useMoneyIntent();
  const fail = (e: unknown) => notifications.show({ color: 'red', title: 'No se pudo completar', message: errorText(e) });

  const load = async (f: File) => {
    setLoading(true);
    setFile(f);
    setCode('');
    setCodeSent(false);
    try {
      setPreview(await previewFunding(f));
    } catch (e) {
      setPreview(null);
      fail(e);
    } finally {
      setLoading(false);
    }
  };
  const run = () => {
    if (!file) return;
    void intent({ name: file.name, size: file.size, modified: file.lastModified, code }, (idempotencyKey) =>
      execute
        .mutateAsync({ file, code, idempotencyKey })
        .then((r) => {
          setPreview(r);
          notifications.show({ color: 'green', message: `Fondeo aplicado: ${money(apiCentsOr0(r.Total))}` });
        })
        .catch(fail),
    );
  };
  const totals = preview
    ? [
        ['Monto a fondear', preview.TotalAmount],
        ['Comisiones', preview.TotalCommission],
        ['IVA', preview.TotalIVA],
        ['Total a cargar', preview.Total],
        ['Saldo actual', preview.CurrentBalance],
        ['Saldo restante', preview.RemainingBalance],
      ]
    : [];
  return (
    <>
      <PageHeader
        title="Fondeo de tarjetas"
        description="Carga un archivo con la tarjeta o el tarjetahabiente y el monto de cada fondeo."
        actions={<UploadButton label="Cargar CSV" loading={loading} onFile={(f) => void load(f)} />}
      />
      <CardsNav />
      <Stack mb="md">
        <FileTemplates kind="funding" />
      </Stack>
      {preview ? (
        <Stack gap="md">
          {preview.Executed ? <Alert color="green">Fondeo aplicado.</Alert> : null}
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {totals.map(([label, value]) => (
              <Paper key={label} withBorder p="sm" radius="md">
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} className="tabular">
                  {money(apiCentsOr0(value))}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <RowErrors errors={preview.Errors} />
          <Box component="section" aria-label="Fondeos del archivo">
            <DataTable columns={FUNDING_COLUMNS} rows={preview.Rows} getRowId={(r) => String(r.Row)} emptyText="Sin filas válidas" testId="funding-rows" />
          </Box>
          {!preview.Executed && preview.Errors.length === 0 && preview.Rows.length > 0 ? (
            <Paper withBorder p="md" radius="md">
              <Stack gap="sm">
                {codeSent ? (
                  <>
                    <Text size="sm">Escribe el código de 6 dígitos que te enviamos por correo.</Text>
                    <TextInput
                      label="Código de seguridad"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      value={code}
                      onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
                      w={200}
                    />
                    <Group>
                      <Button disabled={code.length !== 6} loading={execute.isPending} onClick={run}>
                        Fondear tarjetas
                      </Button>
                    </Group>
                  </>
                ) : (
                  <Button onClick={() => void requestCode('card-funding').then(() => setCodeSent(true), fail)}>Solicitar código</Button>
                )}
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      ) : (
        <Text c="dimmed">Carga un archivo para ver la vista previa.</Text>
      )}
    </>
  );
}
