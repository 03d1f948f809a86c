import { DateField, EmailField, MAX_BENEFICIARIES, PersonName } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Grid, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { errorText, isApiError } from '../../lib/api-client';
import { useCreateBeneficiary } from './api/create-beneficiary';
import { useDeleteBeneficiary } from './api/delete-beneficiary';
import { useBeneficiaries, type BeneficiaryItem, type BeneficiaryOwner } from './api/list-beneficiaries';
import { useUpdateBeneficiary } from './api/update-beneficiary';
import type { BeneficiariesPanelProps } from '../../components/panel-slots';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { REQUIRED } from '../../lib/validation';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { DayInput } from '../../components/day-input';
import { ErrorAlert } from '../../components/error-alert';
import { REQUIRED_MARK } from '../../components/required-mark';
import { DateText } from '../../components/value-text';

const schema = z.object({
  v_names: PersonName(120),
  d_birthdate_at: z.string({ message: REQUIRED }).min(1, REQUIRED).pipe(DateField),
  v_phone: z
    .string({ message: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{10}$/, 'El teléfono debe tener 10 dígitos'),
  v_email: EmailField,
});
interface FormValues {
  v_names: string;
  d_birthdate_at: string | null;
  v_phone: string;
  v_email: string;
}
type Output = z.output<typeof schema>;
const FIELDS = ['v_names', 'd_birthdate_at', 'v_phone', 'v_email'];

function BeneficiaryForm({
  owner,
  beneficiary,
  onDone,
  onCancel,
}: {
  owner: BeneficiaryOwner;
  beneficiary?: BeneficiaryItem;
  onDone: () => void;
  onCancel: () => void;
}) {
  const create = useCreateBeneficiary();
  const update = useUpdateBeneficiary();
  const mutation = beneficiary ? update : create;
  const form = useForm<FormValues, unknown, Output>({
    ...FORM_SETTINGS,
    resolver: zodResolver(schema) as unknown as Resolver<FormValues, unknown, Output>,
    defaultValues: beneficiary
      ? { v_names: beneficiary.v_names, d_birthdate_at: beneficiary.d_birthdate_at.slice(0, 10), v_phone: beneficiary.v_phone, v_email: beneficiary.v_email }
      : { v_names: '', d_birthdate_at: null, v_phone: '', v_email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      if (beneficiary) await update.mutateAsync({ id: beneficiary.v_uid, ...v });
      else await create.mutateAsync({ ...owner, ...v });
      notifications.show({ color: 'green', message: beneficiary ? 'El beneficiario se actualizó.' : 'El beneficiario se registró.' });
      onDone();
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-beneficiary">
      <Stack gap="md">
        {mutation.isError ? <ErrorAlert error={mutation.error} title="No fue posible guardar el beneficiario" /> : null}
        <Grid>
          <Grid.Col span={12}>
            <TextInput label="Nombre completo" {...REQUIRED_MARK} error={errors.v_names?.message} {...form.register('v_names')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="d_birthdate_at"
              render={({ field, fieldState }) => (
                <DayInput
                  label="Fecha de nacimiento"
                  {...REQUIRED_MARK}
                  maxDate={new Date()}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Teléfono" inputMode="numeric" maxLength={10} {...REQUIRED_MARK} error={errors.v_phone?.message} {...form.register('v_phone')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Correo electrónico" type="email" {...REQUIRED_MARK} error={errors.v_email?.message} {...form.register('v_email')} />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {beneficiary ? 'Guardar cambios' : 'Agregar beneficiario'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Dialog = { mode: 'create' } | { mode: 'edit'; beneficiary: BeneficiaryItem } | null;

/** The beneficiaries of a wallet user or of a business (at most ten), with add, edit and delete. */
export function BeneficiariesPanel({ owner, canEdit }: BeneficiariesPanelProps) {
  const list = useBeneficiaries(owner);
  const remove = useDeleteBeneficiary();
  const [dialog, setDialog] = useState<Dialog>(null);
  const count = list.data?.length ?? 0;
  const full = count >= MAX_BENEFICIARIES;

  const askDelete = (b: BeneficiaryItem) =>
    openConfirmDialog({
      title: 'Eliminar beneficiario',
      message: `¿Eliminar al beneficiario ${b.v_names}?`,
      confirmLabel: 'Eliminar',
      danger: true,
      onConfirm: () =>
        remove.mutate(b.v_uid, {
          onSuccess: () => notifications.show({ color: 'green', message: 'El beneficiario se eliminó.' }),
          onError: (e) => notifications.show({ color: 'red', title: 'No se eliminó el beneficiario', message: errorText(e) }),
        }),
    });

  const columns: Column<BeneficiaryItem>[] = [
    {
      key: 'name',
      stack: 'title',
      header: 'Nombre',
      render: (b) => (
        <Text size="sm" fw={500}>
          {b.v_names}
        </Text>
      ),
    },
    { key: 'birth', header: 'Fecha de nacimiento', render: (b) => <DateText size="sm" value={b.d_birthdate_at.slice(0, 10)} /> },
    { key: 'phone', header: 'Teléfono', render: (b) => <Text size="sm">{b.v_phone}</Text> },
    { key: 'email', header: 'Correo electrónico', render: (b) => <Text size="sm">{b.v_email}</Text> },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (b) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Editar">
            <ActionIcon variant="subtle" aria-label={`Editar a ${b.v_names}`} onClick={() => setDialog({ mode: 'edit', beneficiary: b })}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Eliminar">
            <ActionIcon variant="subtle" color="red" aria-label={`Eliminar a ${b.v_names}`} onClick={() => askDelete(b)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    });
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {list.isSuccess ? `${count} de ${MAX_BENEFICIARIES} beneficiarios registrados.` : 'Hasta 10 beneficiarios.'}
        </Text>
        {canEdit ? (
          <Button size="xs" leftSection={<IconPlus size={14} />} disabled={!list.isSuccess || full} onClick={() => setDialog({ mode: 'create' })}>
            Agregar beneficiario
          </Button>
        ) : null}
      </Group>
      <DataTable
        testId="beneficiaries-table"
        columns={columns}
        rows={list.data}
        getRowId={(b) => b.v_uid}
        loading={list.isFetching}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        emptyText="Sin beneficiarios registrados"
      />
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.mode === 'edit' ? 'Editar beneficiario' : 'Agregar beneficiario'}
        size="lg"
        centered
      >
        {dialog ? (
          <BeneficiaryForm
            key={dialog.mode === 'edit' ? dialog.beneficiary.v_uid : 'new'}
            owner={owner}
            beneficiary={dialog.mode === 'edit' ? dialog.beneficiary : undefined}
            onDone={() => setDialog(null)}
            onCancel={() => setDialog(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
