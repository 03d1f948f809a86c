import { REVIEW_STATUS_IDS } from '@far/contracts';
import { ActionIcon, Button, FileInput, Grid, Group, Modal, Paper, Stack, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDownload, IconFileTypePdf, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { IconAction } from '../../components/icon-action';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { REQUIRED_MARK } from '../../components/required-mark';
import { StatusBadge } from '../../components/status-badge';
import { DateText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { integer } from '../../lib/format';
import { validatePdf } from '../../lib/photo';
import { REQUIRED } from '../../lib/validation';
import { useDeleteDocument } from './api/delete-document';
import { useDownloadDocument } from './api/download-document';
import { useDocuments, type BusinessDocumentData } from './api/list-documents';
import { useReviewDocument } from './api/review-document';
import { useUploadDocument } from './api/upload-document';

const kb = (bytes: number) => `${integer(Math.max(1, Math.round(bytes / 1024)))} KB`;

function UploadForm({ businessId }: { businessId: string }) {
  const upload = useUploadDocument();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; file?: string }>({});

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const next = {
      name: name.trim() === '' ? REQUIRED : name.trim().length > 100 ? 'Debe contener máximo 100 caracteres' : undefined,
      file: validatePdf(file) ?? undefined,
    };
    setErrors(next);
    if (next.name || next.file || !file) return;
    upload.mutate(
      { businessId, name: name.trim(), file },
      {
        onSuccess: (doc) => {
          notifications.show({ color: 'green', message: `Se cargó «${doc.v_name}». Queda pendiente de revisión.` });
          setName('');
          setFile(null);
        },
        onError: (error) => {
          const byField = Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message]));
          setErrors({ name: byField['v_name'], file: byField['file'] ?? (byField['v_name'] ? undefined : error.message) });
        },
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate data-testid="form-document-upload">
        <Stack gap="sm">
          <Title order={3} fz="sm">
            Cargar documento
          </Title>
          <Grid align="flex-start">
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TextInput
                label="Nombre del documento"
                {...REQUIRED_MARK}
                placeholder="Acta constitutiva, comprobante de domicilio…"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={errors.name}
                aria-invalid={errors.name ? true : undefined}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <FileInput
                label="Archivo PDF"
                // A file input is a button, where aria-required is not allowed: only the label is marked.
                labelProps={REQUIRED_MARK.labelProps}
                placeholder="Selecciona un PDF"
                accept=".pdf,application/pdf"
                clearable
                leftSection={<IconFileTypePdf size={16} />}
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setErrors((x) => ({ ...x, file: f ? (validatePdf(f) ?? undefined) : undefined }));
                }}
                description="Solo PDF, máximo 10MB"
                error={errors.file}
                aria-invalid={errors.file ? true : undefined}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 2 }} pt={{ md: 30 }}>
              <Button type="submit" loading={upload.isPending} fullWidth>
                Cargar
              </Button>
            </Grid.Col>
          </Grid>
        </Stack>
      </form>
    </Paper>
  );
}

function RejectDialog({ doc, onClose }: { doc: BusinessDocumentData | null; onClose: () => void }) {
  const review = useReviewDocument();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!doc) return;
    const text = comment.trim();
    if (!text) return setError('Indica el motivo del rechazo');
    if (text.length > 500) return setError('Debe contener máximo 500 caracteres');
    review.mutate(
      { id: doc.v_uid, v_uid_status: REVIEW_STATUS_IDS.rechazado, t_comment: text },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Se rechazó «${doc.v_name}».` });
          setComment('');
          setError(null);
          onClose();
        },
        onError: (err) => setError(err.fieldErrors.find((f) => f.field === 't_comment')?.message ?? errorText(err)),
      },
    );
  };
  return (
    <Modal opened={doc !== null} onClose={onClose} title={`Rechazar «${doc?.v_name ?? ''}»`} centered>
      <form onSubmit={submit} noValidate data-testid="form-document-reject">
        <Stack gap="md">
          <Textarea
            label="Motivo del rechazo"
            {...REQUIRED_MARK}
            description="La empresa verá este comentario."
            autosize
            minRows={3}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            error={error}
            aria-invalid={error ? true : undefined}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color="red" loading={review.isPending}>
              Rechazar documento
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** PDF documents of the business: upload (pendiente), staff review (aprobar, or rechazar with a comment). */
export function DocumentsTab({ businessId, canAdd, canReview, canDelete }: { businessId: string; canAdd: boolean; canReview: boolean; canDelete: boolean }) {
  const docs = useDocuments(businessId);
  const review = useReviewDocument();
  const remove = useDeleteDocument(businessId);
  const download = useDownloadDocument();
  const [rejecting, setRejecting] = useState<BusinessDocumentData | null>(null);

  const approve = (d: BusinessDocumentData) =>
    openConfirmDialog({
      title: 'Aprobar documento',
      message: `¿Aprobar «${d.v_name}»? Un documento aprobado ya no se puede eliminar.`,
      confirmLabel: 'Aprobar',
      onConfirm: () =>
        review.mutate(
          { id: d.v_uid, v_uid_status: REVIEW_STATUS_IDS.activo, t_comment: null },
          {
            onSuccess: () => notifications.show({ color: 'green', message: `Se aprobó «${d.v_name}».` }),
            onError: (e) => notifications.show({ color: 'red', title: 'No se aprobó el documento', message: errorText(e) }),
          },
        ),
    });
  const askDelete = (d: BusinessDocumentData) =>
    openConfirmDialog({
      title: 'Eliminar documento',
      message: `¿Eliminar «${d.v_name}»?`,
      confirmLabel: 'Eliminar',
      danger: true,
      onConfirm: () =>
        remove.mutate(d.v_uid, {
          onSuccess: () => notifications.show({ color: 'green', message: `Se eliminó «${d.v_name}».` }),
          onError: (e) => notifications.show({ color: 'red', title: 'No se eliminó el documento', message: errorText(e) }),
        }),
    });

  const columns: Column<BusinessDocumentData>[] = [
    {
      key: 'name',
      stack: 'title',
      header: 'Documento',
      render: (d) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {d.v_name}
          </Text>
          <Text size="xs" c="dimmed">
            {d.v_file_name} · {kb(d.i_size)}
          </Text>
        </Stack>
      ),
    },
    { key: 'date', header: 'Carga', render: (d) => <DateText size="sm" value={d.d_create_at} withTime /> },
    { key: 'status', stack: 'status', header: 'Estatus', render: (d) => <StatusBadge status={d.v_status} /> },
    {
      key: 'comment',
      header: 'Revisión',
      render: (d) => (
        <Stack gap={0}>
          {d.d_review_at ? <DateText size="xs" c="dimmed" value={d.d_review_at} withTime /> : null}
          <Text size="sm">{d.t_comment ?? (d.d_review_at ? '' : 'Sin revisar')}</Text>
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (d) => {
        const approved = d.v_status === 'activo';
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label="Descargar">
              <ActionIcon
                variant="subtle"
                aria-label={`Descargar ${d.v_name}`}
                loading={download.isPending && download.variables?.id === d.v_uid}
                onClick={() =>
                  download.mutate({ id: d.v_uid, fileName: d.v_file_name }, { onError: (e) => notifications.show({ color: 'red', message: errorText(e) }) })
                }
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
            {canReview && !approved ? (
              <IconAction tip="Aprobar" label={`Aprobar ${d.v_name}`} color="green" icon={IconCheck} onClick={() => approve(d)} />
            ) : null}
            {canReview && d.v_status !== 'rechazado' ? (
              <IconAction tip="Rechazar" label={`Rechazar ${d.v_name}`} color="orange" icon={IconX} onClick={() => setRejecting(d)} />
            ) : null}
            {canDelete && !approved ? (
              <IconAction tip="Eliminar" label={`Eliminar ${d.v_name}`} color="red" icon={IconTrash} onClick={() => askDelete(d)} />
            ) : null}
          </Group>
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      {canAdd ? <UploadForm businessId={businessId} /> : null}
      <DataTable
        testId="documents-table"
        columns={columns}
        rows={docs.data}
        getRowId={(d) => d.v_uid}
        loading={docs.isFetching}
        error={docs.isError ? docs.error : null}
        onRetry={() => void docs.refetch()}
        emptyText="Sin documentos cargados"
      />
      <RejectDialog doc={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
