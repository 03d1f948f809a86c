import {
  CMS_SECTION_LABELS,
  CMS_SECTION_NAMES,
  CMS_STATUS_LABELS,
  CMS_STATUS_NAMES,
  checkContentDefinition,
  type CmsSection,
  type CmsStatus,
  type ContentItem,
  type ContentTypeItem,
} from '@far/contracts';
import { Alert, Anchor, Breadcrumbs, Button, Drawer, Group, Modal, Paper, SegmentedControl, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconHistory, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { ContentView } from '../../components/content-view';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import { DateText } from '../../components/value-text';
import { isApiError } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { uploadImage, useContent, useContentTypes, useCreateContent, useDeleteContent, useRestoreVersion, useUpdateContent, useVersions } from './api/cms-api';
import { ContentForm } from './content-form';
import { StatusChip } from './contents-panel';

type Values = Record<string, unknown>;

function Versions({ content, opened, onClose }: { content: ContentItem; opened: boolean; onClose: () => void }) {
  const versions = useVersions(content.v_uid, opened);
  const restore = useRestoreVersion();
  const ask = (version: number) =>
    openConfirmDialog({
      title: 'Restaurar versión',
      message: `Se guardará una versión nueva con el contenido de la versión ${version}.`,
      confirmLabel: 'Restaurar',
      onConfirm: () =>
        restore.mutate(
          { id: content.v_uid, version },
          {
            onSuccess: () => notifications.show({ color: 'green', message: `Versión ${version} restaurada` }),
            onError: (e) => notifications.show({ color: 'red', message: isApiError(e) ? e.message : 'Error' }),
          },
        ),
    });
  return (
    <Drawer opened={opened} onClose={onClose} title="Historial de versiones" position="right" size="md">
      {versions.isError ? <ErrorAlert error={versions.error} /> : null}
      <Table verticalSpacing="xs" aria-label="Versiones">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Versión</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Autor</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(versions.data ?? []).map((v) => (
            <Table.Tr key={v.i_version}>
              <Table.Td>{v.i_version}</Table.Td>
              <Table.Td>
                <DateText value={v.d_create_at} withTime />
              </Table.Td>
              <Table.Td>{v.Author ?? '—'}</Table.Td>
              <Table.Td>
                {v.i_version === content.i_version ? (
                  <Text size="xs" c="dimmed">
                    Actual
                  </Text>
                ) : (
                  <Button size="xs" variant="light" disabled={content.b_locked} onClick={() => ask(v.i_version)}>
                    Restaurar
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Drawer>
  );
}

function Editor({ type, content }: { type: ContentTypeItem; content: ContentItem | undefined }) {
  const navigate = useNavigate();
  const canEdit = useCan('/cms', content ? 'Editar' : 'Agregar');
  const canDelete = useCan('/cms', 'Borrar');
  const [name, setName] = useState(content?.v_name ?? '');
  const [section, setSection] = useState<CmsSection>(content?.Section ?? type.Section);
  const [status, setStatus] = useState<CmsStatus>(content?.Status ?? 'borrador');
  const [hidden, setHidden] = useState(content?.b_hidden ?? false);
  const [locked, setLocked] = useState(content?.b_locked ?? false);
  const [values, setValues] = useState<Values>(content?.t_json ?? {});
  const [preview, setPreview] = useState(false);
  const [history, setHistory] = useState(false);
  const [nameTouched, setNameTouched] = useState(false);
  const create = useCreateContent();
  const update = useUpdateContent();
  const remove = useDeleteContent();
  const check = checkContentDefinition(type.t_json);
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const nameError = name.trim().length < 2 ? (name.trim() ? 'Debe contener mínimo 2 caracteres' : 'Este campo es requerido') : undefined;

  if (!check.ok)
    return (
      <Alert color="red">
        La definición del tipo {type.v_name} no es válida: {check.errors[0]!.message}
      </Alert>
    );

  const save = (value: Values) => {
    const done = (saved: ContentItem) => {
      notifications.show({ color: 'green', message: content ? 'Contenido actualizado' : 'Contenido creado' });
      if (!content) void navigate(`/cms/contenido/${saved.v_uid}`, { replace: true });
    };
    const body = { v_name: name.trim(), v_uid_section: section, v_uid_status: status, b_hidden: hidden, b_locked: locked, t_json: value };
    if (content) update.mutate({ id: content.v_uid, body }, { onSuccess: done });
    else create.mutate({ ...body, v_uid_content_type: type.v_uid }, { onSuccess: done });
  };

  const askDelete = () =>
    openConfirmDialog({
      title: 'Eliminar contenido',
      message: `¿Eliminar ${content!.v_name}?`,
      confirmLabel: 'Eliminar',
      danger: true,
      onConfirm: () => remove.mutate(content!.v_uid, { onSuccess: () => void navigate('/cms') }),
    });

  return (
    <>
      <PageHeader
        title={content ? content.v_name : `Nuevo contenido: ${type.v_name}`}
        description={
          content ? (
            <Group gap="xs">
              <StatusChip status={content.Status} />
              <Text size="sm" c="dimmed">
                {type.v_name} · versión {content.i_version}
              </Text>
            </Group>
          ) : (
            type.v_name
          )
        }
        actions={
          <>
            <Button variant="default" leftSection={<IconEye size={16} />} onClick={() => setPreview(true)}>
              Vista previa
            </Button>
            {content ? (
              <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setHistory(true)}>
                Versiones
              </Button>
            ) : null}
          </>
        }
      />
      {content?.b_locked ? (
        <Alert color="yellow" icon={<IconLock size={18} />} mb="md">
          Este contenido está bloqueado: desbloquéalo desde la lista para editarlo.
        </Alert>
      ) : null}
      <Paper withBorder p="lg" radius="md" maw={860}>
        <ContentForm
          definition={check.definition}
          initialValues={content?.t_json}
          upload={uploadImage}
          onSubmit={save}
          onValuesChange={setValues}
          beforeSubmit={() => {
            setNameTouched(true);
            return !nameError;
          }}
          serverErrors={isApiError(failure) ? failure.fieldErrors : undefined}
          submitting={saving}
          submitLabel={content ? 'Guardar cambios' : 'Crear contenido'}
          actions={
            content && canDelete ? (
              <Button variant="subtle" color="red" onClick={askDelete} disabled={content.b_locked}>
                Eliminar
              </Button>
            ) : null
          }
        >
          <TextInput
            label="Nombre"
            withAsterisk
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setNameTouched(true)}
            error={nameTouched ? nameError : undefined}
            maxLength={120}
          />
          <Group gap="lg" align="flex-end" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Sección
              </Text>
              <SegmentedControl
                data={CMS_SECTION_NAMES.map((s) => ({ value: s, label: CMS_SECTION_LABELS[s] }))}
                value={section}
                onChange={(v) => setSection(v as CmsSection)}
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Estado
              </Text>
              <SegmentedControl
                data={CMS_STATUS_NAMES.map((s) => ({ value: s, label: CMS_STATUS_LABELS[s] }))}
                value={status}
                onChange={(v) => setStatus(v as CmsStatus)}
              />
            </Stack>
            <Switch label="Oculto para los usuarios" checked={hidden} onChange={(e) => setHidden(e.currentTarget.checked)} />
            <Switch label="Bloqueado" checked={locked} onChange={(e) => setLocked(e.currentTarget.checked)} />
          </Group>
          {failure && isApiError(failure) && failure.fieldErrors.length === 0 ? <ErrorAlert error={failure} /> : null}
          {failure && isApiError(failure) && failure.fieldErrors.length > 0 ? (
            <Alert color="red" variant="light">
              {failure.message}
            </Alert>
          ) : null}
          {!canEdit ? <Alert color="gray">No tienes permiso para guardar cambios.</Alert> : null}
        </ContentForm>
      </Paper>
      <Modal opened={preview} onClose={() => setPreview(false)} title="Vista previa (como la ve el usuario)" size="xl">
        <ContentView
          content={{
            id: content?.v_uid ?? 'nuevo',
            name: name || type.v_name,
            systemName: type.v_system_name,
            definition: check.definition,
            value: values,
            section,
          }}
        />
      </Modal>
      {content ? <Versions content={content} opened={history} onClose={() => setHistory(false)} /> : null}
    </>
  );
}

/** /cms/contenido/nuevo?tipo={id} and /cms/contenido/{id}. */
export function ContentEditorPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const isNew = id === 'nuevo';
  const content = useContent(isNew ? undefined : id);
  const types = useContentTypes();
  const typeId = isNew ? params.get('tipo') : content.data?.v_uid_content_type;
  const type = types.data?.find((t) => t.v_uid === typeId);

  const crumbs = (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to="/cms" size="sm">
        Administrador de contenido
      </Anchor>
      <Text size="sm">{isNew ? 'Nuevo' : (content.data?.v_name ?? '…')}</Text>
    </Breadcrumbs>
  );
  if (types.isError || content.isError) return <ErrorAlert error={types.error ?? content.error} />;
  if (types.isPending || (!isNew && content.isPending)) return <LoadingScreen />;
  if (!type) return <Alert color="red">Tipo de contenido no encontrado</Alert>;
  return (
    <>
      {crumbs}
      {/* A new key per version: after a save or a restore the form starts from the stored values. */}
      <Editor key={`${content.data?.v_uid ?? 'nuevo'}-${content.data?.i_version ?? 0}`} type={type} content={content.data} />
    </>
  );
}
