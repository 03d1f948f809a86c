import { CountryCode, EmailField, PersonName, PhoneNumber, ROLE_IDS, UserListItem, optional, type UserAction } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { errorText, isApiError } from '../../lib/api-client';
import { useBusinessUserActions } from './api/business-user-actions';
import { useCreateBusinessUser } from './api/create-business-user';
import { roleLabel } from '@far/contracts';
import { useRolesOf } from '../../lib/api/get-role-catalog';
import { useBusinessUsers } from './api/list-business-users';
import { fullName } from '../../lib/format';
import type { BusinessUsersPanelProps } from '../../components/panel-slots';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { LIFECYCLE_TEXT, availableActions, lifecycleOf } from '../../lib/lifecycle';
import { REQUIRED } from '../../lib/validation';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { type Column } from '../../components/data-table';
import { datedStatusColumns, personColumn, roleColumn } from '../../components/people-columns';
import { ListScaffold, fromPage, useListState } from '../../components/list-scaffold';
import { ErrorAlert } from '../../components/error-alert';
import { PhoneFields } from '../../components/phone-code-select';
import { REQUIRED_MARK } from '../../components/required-mark';
import { ListFilters, NO_PEOPLE_FILTERS, peopleQuery } from '../../components/list-filters';
import { notifyActionFailed } from '../../lib/notify';

type Row = z.infer<typeof UserListItem>;

const personOf = (u: Row) => fullName({ v_names: u.Name, v_last_name_1: u.LastName, v_last_name_2: u.SecondLastName });

// ---- invite -------------------------------------------------------------------------------------

const inviteSchema = z.object({
  Name: PersonName(),
  LastName: optional(PersonName()),
  SecondLastName: optional(PersonName()),
  Email: EmailField,
  MobileCode: CountryCode,
  Mobile: optional(PhoneNumber),
  RoleId: z.string({ message: REQUIRED }).min(1, REQUIRED),
});
interface InviteValues {
  Name: string;
  LastName: string;
  SecondLastName: string;
  Email: string;
  MobileCode: string;
  Mobile: string;
  RoleId: string | null;
}
type InviteOutput = z.output<typeof inviteSchema>;
const INVITE_FIELDS = ['Name', 'LastName', 'SecondLastName', 'Email', 'MobileCode', 'Mobile', 'RoleId'];

export function InviteBusinessUserForm({ businessId, onDone, onCancel }: { businessId?: string; onDone: () => void; onCancel: () => void }) {
  const create = useCreateBusinessUser();
  const roles = useRolesOf('BUS');
  const form = useForm<InviteValues, unknown, InviteOutput>({
    ...FORM_SETTINGS,
    resolver: zodResolver(inviteSchema) as unknown as Resolver<InviteValues, unknown, InviteOutput>,
    defaultValues: { Name: '', LastName: '', SecondLastName: '', Email: '', MobileCode: '+52', Mobile: '', RoleId: ROLE_IDS.business },
  });
  const { errors } = form.formState;

  // A Mexican mobile has 10 digits; checked with the other messages too.
  const checkMobile = (v: { Mobile?: string | null; MobileCode: string }, focus: boolean) => {
    const n = v.Mobile?.trim();
    if (!n || !/^\d+$/.test(n) || v.MobileCode !== '+52' || n.length === 10) return false;
    form.setError('Mobile', { message: 'El teléfono debe tener 10 dígitos' }, { shouldFocus: focus });
    return true;
  };

  const onSubmit = form.handleSubmit(
    async (v) => {
      if (checkMobile(v, true)) return;
      try {
        const user = await create.mutateAsync({
          BusinessId: businessId,
          Name: v.Name,
          LastName: v.LastName ?? null,
          SecondLastName: v.SecondLastName ?? null,
          Email: v.Email,
          Mobile: v.Mobile ?? null,
          MobileCode: v.MobileCode,
          RoleId: v.RoleId,
          IsActive: true,
        });
        notifications.show({ color: 'green', message: `Invitamos a ${user.Email}. Recibirá una contraseña temporal por correo.` });
        onDone();
      } catch (error) {
        if (isApiError(error)) applyServerErrors(form.setError, error, INVITE_FIELDS);
      }
    },
    () => checkMobile(form.getValues(), false),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-invite-user">
      <Stack gap="md">
        {create.isError ? <ErrorAlert error={create.error} title="No fue posible invitar al usuario" /> : null}
        <Text size="sm" c="dimmed">
          Le enviaremos una contraseña temporal por correo; deberá cambiarla al iniciar sesión por primera vez.
        </Text>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Nombre(s)" {...REQUIRED_MARK} error={errors.Name?.message} {...form.register('Name')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Primer apellido" error={errors.LastName?.message} {...form.register('LastName')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Segundo apellido" error={errors.SecondLastName?.message} {...form.register('SecondLastName')} />
          </Grid.Col>
          <Grid.Col span={12}>
            <TextInput label="Correo electrónico" type="email" {...REQUIRED_MARK} error={errors.Email?.message} {...form.register('Email')} />
          </Grid.Col>
          <PhoneFields form={form} code="MobileCode" number="Mobile" codeLabel="Lada del celular" numberLabel="Teléfono celular" />
          <Grid.Col span={12}>
            <Controller
              control={form.control}
              name="RoleId"
              render={({ field, fieldState }) => (
                <Select
                  label="Rol"
                  {...REQUIRED_MARK}
                  data={(roles.data ?? []).map((r) => ({ value: r.v_uid, label: roleLabel(r.v_name) }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={fieldState.error?.message ?? (roles.isError ? errorText(roles.error) : undefined)}
                />
              )}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Enviar invitación
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// ---- list ---------------------------------------------------------------------------------------

/** The users of one business: list, invite (temporary password by e-mail), deactivate and unblock. */
export function BusinessUsersPanel({ businessId, canInvite, canChangeStatus, selfId, allowBlock = false }: BusinessUsersPanelProps) {
  const list = useListState(NO_PEOPLE_FILTERS);
  const [inviting, setInviting] = useState(false);
  const q = peopleQuery(list);
  const users = useBusinessUsers({ BusinessId: businessId, ...q, Status: q.Status ?? undefined });
  const act = useBusinessUserActions();

  const run = (row: Row, action: UserAction) => {
    const text = LIFECYCLE_TEXT[action];
    openConfirmDialog({
      title: `${text.verb} usuario`,
      message: `¿${text.verb} a ${row.Email}?`,
      confirmLabel: text.verb,
      danger: text.danger,
      onConfirm: () =>
        act.mutate(
          { Action: action, Ids: [row.Id] },
          {
            onSuccess: () => notifications.show({ color: 'green', message: `Se ${text.one} a ${row.Email}.` }),
            onError: notifyActionFailed,
          },
        ),
    });
  };

  const columns: Column<Row>[] = [personColumn('Usuario', personOf), roleColumn(), ...datedStatusColumns<Row>('Alta')];
  if (canChangeStatus) {
    columns.push({
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (u) => {
        if (u.Id === selfId) {
          return (
            <Text size="xs" c="dimmed">
              Tu usuario
            </Text>
          );
        }
        const actions = availableActions(lifecycleOf(u.Status)).filter((a) => allowBlock || a !== 'bloquear');
        return (
          <Group gap={6} justify="flex-end" wrap="nowrap">
            {actions.map((a) => (
              <Button
                key={a}
                size="compact-xs"
                variant="light"
                color={LIFECYCLE_TEXT[a].danger ? 'red' : undefined}
                aria-label={`${LIFECYCLE_TEXT[a].verb} a ${u.Email}`}
                onClick={() => run(u, a)}
              >
                {LIFECYCLE_TEXT[a].verb}
              </Button>
            ))}
          </Group>
        );
      },
    });
  }

  return (
    <Stack gap="md">
      <ListScaffold
        testId="business-users-table"
        list={list}
        query={users}
        page={fromPage(users.data)}
        columns={columns}
        getRowId={(u) => u.Id}
        filters={
          <Group justify="space-between" w="100%" gap="sm">
            <ListFilters list={list} searchLabel="Buscar usuario" searchPlaceholder="Nombre, correo o celular" searchWidth={280} />
            {canInvite ? (
              <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
                Invitar usuario
              </Button>
            ) : null}
          </Group>
        }
        emptyText="Esta empresa aún no tiene usuarios"
        filteredEmptyText="Ningún usuario coincide con los filtros"
      />
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Invitar usuario" size="lg" centered>
        {inviting ? <InviteBusinessUserForm businessId={businessId} onDone={() => setInviting(false)} onCancel={() => setInviting(false)} /> : null}
      </Modal>
    </Stack>
  );
}
