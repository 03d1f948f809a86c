import { POSTAL_IMPORT_MAX_MB, type PostalImportJob } from '@far/contracts';
import { Alert, Anchor, Breadcrumbs, Button, FileInput, Grid, Group, Paper, Progress, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCircleCheck, IconFileUpload, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { POSTAL_CODE_NOT_FOUND } from '../../components/postal-code-fields';
import { REQUIRED_MARK } from '../../components/required-mark';
import { StatusBadge } from '../../components/status-badge';
import { DateText } from '../../components/value-text';
import { errorText, isApiError } from '../../lib/api-client';
import { isPostalCode, usePostalCode } from '../../lib/api/get-postal-code';
import { useCan } from '../../lib/api/get-menu-permissions';
import { integer } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { isRunning, useImportJob } from './api/get-import';
import { useImportPostalCodes } from './api/import-postal-codes';
import { importsQueryKey, useImports } from './api/list-imports';

const SCREEN = '/user/business';

export const IMPORT_MESSAGES = {
  required: 'Este campo es requerido',
  accept: 'Archivo no válido, solo se aceptan archivos .txt',
  fileSize: `No debe pesar más de ${POSTAL_IMPORT_MAX_MB}MB`,
} as const;

export function validateImportFile(file: File | null): string | null {
  if (!file) return IMPORT_MESSAGES.required;
  if (!file.name.toLowerCase().endsWith('.txt')) return IMPORT_MESSAGES.accept;
  if (file.size > POSTAL_IMPORT_MAX_MB * 1024 * 1024) return IMPORT_MESSAGES.fileSize;
  return null;
}

const percent = (job: PostalImportJob) => (job.Total > 0 ? Math.min(100, Math.round((job.Processed / job.Total) * 100)) : 0);

/** A lookup, as address forms do it: an unknown code says 'No encontrado'. */
function LookupCard() {
  const [code, setCode] = useState('');
  const lookup = usePostalCode(code);
  const notFound = lookup.isError && isApiError(lookup.error) && lookup.error.status === 404;
  return (
    <Paper withBorder p="lg" h="100%">
      <Stack gap="md">
        <Title order={2} fz="md">
          Consultar un código postal
        </Title>
        <TextInput
          label="Código postal a consultar"
          placeholder="5 dígitos"
          inputMode="numeric"
          maxLength={5}
          leftSection={<IconSearch size={16} />}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
          error={isPostalCode(code) && lookup.isError ? (notFound ? POSTAL_CODE_NOT_FOUND : errorText(lookup.error)) : undefined}
          description={isPostalCode(code) ? undefined : 'Escribe los 5 dígitos para buscar.'}
        />
        {isPostalCode(code) && lookup.isSuccess ? (
          <Stack gap="sm" data-testid="postal-code-result">
            <DetailGrid
              items={[
                { label: 'Municipio o alcaldía', value: lookup.data.Municipality },
                { label: 'Ciudad', value: lookup.data.City },
                { label: 'Estado', value: lookup.data.State },
              ]}
            />
            <Text size="sm" fw={600}>
              {lookup.data.Colonies.length === 1 ? '1 colonia' : `${lookup.data.Colonies.length} colonias`}
            </Text>
            <Table striped withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Colonia</Table.Th>
                  <Table.Th>Tipo de asentamiento</Table.Th>
                  <Table.Th>Zona</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lookup.data.Colonies.map((c) => (
                  <Table.Tr key={c.Id}>
                    <Table.Td>{c.Name}</Table.Td>
                    <Table.Td>{c.SettlementType}</Table.Td>
                    <Table.Td>{c.Zone ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

function JobProgress({ job }: { job: PostalImportJob }) {
  const running = isRunning(job);
  const value = percent(job);
  return (
    <Stack gap="xs" data-testid="import-progress">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {job.FileName}
        </Text>
        <StatusBadge status={job.Status} />
      </Group>
      <Progress value={value} animated={running} striped={running} size="lg" aria-label="Avance de la importación" />
      <Text size="sm" c="dimmed">
        {integer(job.Processed)} de {integer(job.Total)} registros ({value} %)
      </Text>
      {job.Status === 'finalizado' ? (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} title="Importación finalizada" data-testid="import-done">
          Se procesaron {integer(job.Processed)} registros. Los códigos postales ya están disponibles en los formularios.
        </Alert>
      ) : null}
      {job.Status === 'no-finalizado' ? (
        <Alert color="red" variant="light" title="La importación no terminó" role="alert" data-testid="import-failed">
          {job.Error ?? 'Ocurrió un error inesperado. Inténtalo más tarde.'}
        </Alert>
      ) : null}
    </Stack>
  );
}

function ImportCard() {
  const queryClient = useQueryClient();
  const imports = useImports();
  const upload = useImportPostalCodes();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  // A job left running (another tab, a reload) is followed too.
  const activeId = jobId ?? imports.data?.find((j) => isRunning(j))?.Id ?? null;
  const job = useImportJob(activeId);
  const status = job.data?.Status;

  useEffect(() => {
    if (status === 'finalizado' || status === 'no-finalizado') {
      void queryClient.invalidateQueries({ queryKey: [...importsQueryKey, 'list'] });
      if (status === 'finalizado') void queryClient.invalidateQueries({ queryKey: queryKeys.postalCode });
    }
  }, [status, queryClient]);

  const submit = () => {
    const problem = validateImportFile(file);
    setFileError(problem);
    if (problem || !file) return;
    upload.mutate(file, {
      onSuccess: (started) => {
        setJobId(started.Id);
        setFile(null);
      },
      onError: (e) => setFileError(e.message),
    });
  };

  return (
    <Paper withBorder p="lg" h="100%">
      <Stack gap="md">
        <Title order={2} fz="md">
          Importar el catálogo de SEPOMEX
        </Title>
        <Text size="sm" c="dimmed">
          Descarga el archivo CPdescarga.txt (formato texto, separado por «|») del sitio de Correos de México y cárgalo aquí. La importación actualiza los
          códigos existentes sin duplicarlos; si una línea no es válida, el archivo se rechaza completo.
        </Text>
        <FileInput
          label="Archivo CPdescarga.txt"
          // A file input is a button, where aria-required is not allowed: only the label is marked.
          labelProps={REQUIRED_MARK.labelProps}
          placeholder="Selecciona el archivo"
          accept=".txt,text/plain"
          clearable
          leftSection={<IconFileUpload size={16} />}
          value={file}
          onChange={(f) => {
            setFile(f);
            setFileError(f ? validateImportFile(f) : null);
          }}
          error={fileError}
          description={`Archivo .txt de hasta ${POSTAL_IMPORT_MAX_MB}MB`}
        />
        <Group>
          <Button onClick={submit} loading={upload.isPending} disabled={!!activeId && isRunning(job.data)}>
            Importar
          </Button>
        </Group>
        {job.isError ? <ErrorAlert error={job.error} title="No fue posible consultar el avance" onRetry={() => void job.refetch()} /> : null}
        {job.data ? <JobProgress job={job.data} /> : null}
      </Stack>
    </Paper>
  );
}

const historyColumns: Column<PostalImportJob>[] = [
  { key: 'file', stack: 'title', header: 'Archivo', render: (j) => <Text size="sm">{j.FileName}</Text> },
  { key: 'date', stack: 'date', header: 'Fecha', render: (j) => <DateText size="sm" value={j.CreatedAt} withTime /> },
  { key: 'status', stack: 'status', header: 'Estatus', render: (j) => <StatusBadge status={j.Status} /> },
  { key: 'progress', header: 'Registros', align: 'right', render: (j) => `${integer(j.Processed)} de ${integer(j.Total)}` },
  {
    key: 'error',
    header: 'Detalle',
    render: (j) => (
      <Text size="sm" c={j.Error ? 'red' : 'dimmed'}>
        {j.Error ?? '—'}
      </Text>
    ),
  },
];

/** Postal codes (staff): look one up, import SEPOMEX's file with progress, and the last imports. */
export function PostalCodesPage() {
  const canImport = useCan(SCREEN, 'Agregar');
  const imports = useImports();
  return (
    <>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to={SCREEN} size="sm">
          Cuentas Business
        </Anchor>
        <Text size="sm">Códigos postales</Text>
      </Breadcrumbs>
      <PageHeader
        title="Códigos postales"
        description="El catálogo de códigos postales, colonias, municipios y estados que usan los formularios de domicilio."
      />
      <Grid gap="lg" mb="lg">
        <Grid.Col span={{ base: 12, md: canImport ? 6 : 12 }}>
          <LookupCard />
        </Grid.Col>
        {canImport ? (
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ImportCard />
          </Grid.Col>
        ) : null}
      </Grid>
      <Title order={2} fz="md" mb="sm">
        Importaciones recientes
      </Title>
      <DataTable
        testId="imports-table"
        columns={historyColumns}
        rows={imports.data}
        getRowId={(j) => j.Id}
        loading={imports.isFetching}
        error={imports.isError ? imports.error : null}
        onRetry={() => void imports.refetch()}
        emptyText="Aún no se ha importado ningún archivo"
      />
    </>
  );
}
