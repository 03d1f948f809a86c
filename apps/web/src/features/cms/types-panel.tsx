import { CMS_SECTION_LABELS, CMS_SECTION_NAMES, checkContentDefinition, type CmsSection, type ContentTypeItem } from '@far/contracts';
import { Alert, Badge, Button, Grid, Group, JsonInput, List, Modal, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { errorText, isApiError } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { uploadImage, useContentTypes, useDeleteType, useSaveType } from './api/cms-api';
import { ContentForm } from './content-form';

const EXAMPLE = JSON.stringify(
  {
    fields: [
      {
        field: 'title',
        label: 'Título',
        control: 'text',
        validators: { required: true, maxlength: 60 },
        messagesError: { required: 'Este campo es requerido' },
      },
    ],
  },
  null,
  2,
);

/** Name, section and the JSON definition, checked as it is typed, with the form it draws beside it. */
function TypeEditor({ type, onClose }: { type: ContentTypeItem | null; onClose: () => void }) {
  const [name, setName] = useState(type?.v_name ?? '');
  const [section, setSection] = useState<CmsSection>(type?.Section ?? 'business');
  const [json, setJson] = useState(type ? JSON.stringify(type.t_json, null, 2) : EXAMPLE);
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveType();
  const check = checkContentDefinition(json);
  const nameError = name.trim().length < 2 ? 'Debe contener mínimo 2 caracteres' : undefined;

  const submit = () => {
    setSubmitted(true);
    if (!check.ok || nameError) return;
    save.mutate(
      { id: type?.v_uid, body: { v_name: name.trim(), v_uid_section: section, t_json: check.definition } },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: type ? 'Tipo de contenido actualizado' : 'Tipo de contenido creado' });
          onClose();
        },
      },
    );
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <TextInput label="Nombre" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} error={submitted ? nameError : undefined} />
          <Select
            label="Sección"
            data={CMS_SECTION_NAMES.map((s) => ({ value: s, label: CMS_SECTION_LABELS[s] }))}
            value={section}
            onChange={(v) => v && setSection(v as CmsSection)}
            allowDeselect={false}
          />
          <JsonInput
            label="Definición del formulario (JSON)"
            withAsterisk
            autosize
            minRows={14}
            maxRows={26}
            value={json}
            onChange={setJson}
            formatOnBlur
            spellCheck={false}
            error={check.ok ? undefined : check.errors[0]!.message}
          />
          {!check.ok && check.errors.length > 1 ? (
            <List size="xs" c="red">
              {check.errors.slice(1, 6).map((e) => (
                <List.Item key={`${e.path}${e.message}`}>{e.path ? `${e.path}: ${e.message}` : e.message}</List.Item>
              ))}
            </List>
          ) : null}
          {save.isError ? <ErrorAlert error={save.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Guardar tipo
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Paper withBorder p="md" radius="md" bg="gray.0">
          <Title order={3} fz="sm" mb="sm">
            Vista del formulario
          </Title>
          {check.ok ? (
            <ContentForm
              key={json}
              definition={check.definition}
              upload={uploadImage}
              onSubmit={() => void notifications.show({ message: 'El formulario es válido' })}
              submitLabel="Probar validación"
            />
          ) : (
            <Text size="sm" c="dimmed">
              Corrige la definición para ver el formulario.
            </Text>
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

export function TypesPanel() {
  const types = useContentTypes();
  const remove = useDeleteType();
  const canAdd = useCan('/cms', 'Agregar');
  const canEdit = useCan('/cms', 'Editar');
  const canDelete = useCan('/cms', 'Borrar');
  const [editing, setEditing] = useState<ContentTypeItem | 'new' | null>(null);

  const askDelete = (t: ContentTypeItem) =>
    openConfirmDialog({
      title: 'Eliminar tipo de contenido',
      message: `¿Eliminar el tipo ${t.v_name}?`,
      confirmLabel: 'Eliminar',
      danger: true,
      onConfirm: () => remove.mutate(t.v_uid, { onError: (err) => notifications.show({ color: 'red', message: errorText(err) }) }),
    });

  if (types.isError) return <ErrorAlert error={types.error} onRetry={() => void types.refetch()} />;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Cada tipo define su formulario en JSON: campos, validaciones y mensajes.
        </Text>
        {canAdd ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Nuevo tipo
          </Button>
        ) : null}
      </Group>
      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" aria-label="Tipos de contenido">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nombre</Table.Th>
              <Table.Th>Sección</Table.Th>
              <Table.Th>Campos</Table.Th>
              <Table.Th>Contenidos</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(types.data ?? []).map((t) => {
              const check = checkContentDefinition(t.t_json);
              return (
                <Table.Tr key={t.v_uid}>
                  <Table.Td>
                    <Group gap={6}>
                      <Text fw={600}>{t.v_name}</Text>
                      {t.v_system_name ? <Badge variant="light">Sistema</Badge> : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{CMS_SECTION_LABELS[t.Section]}</Table.Td>
                  <Table.Td>{check.ok ? check.definition.fields.map((f) => f.label).join(', ') : '—'}</Table.Td>
                  <Table.Td>{t.i_contents}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end">
                      {canEdit ? (
                        <Button size="xs" variant="default" onClick={() => setEditing(t)}>
                          Editar
                        </Button>
                      ) : null}
                      {canDelete && !t.v_system_name ? (
                        <Button size="xs" variant="subtle" color="red" onClick={() => askDelete(t)}>
                          Eliminar
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
      {remove.isError && isApiError(remove.error) ? <Alert color="red">{remove.error.message}</Alert> : null}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Nuevo tipo de contenido' : 'Editar tipo de contenido'}
        size="90%"
      >
        {editing !== null ? <TypeEditor type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      </Modal>
    </Stack>
  );
}
