import { CLIENT_KINDS, RoleCreateBody, roleLabel, type ClientKind, type MenuEntry } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Input, SegmentedControl, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { REQUIRED } from '../../lib/validation';
import { useCreateRole } from './api/create-role';
import { useEditRole } from './api/edit-role';
import { useAllMenu } from './api/get-all-menu';
import type { RoleDetailData } from './api/get-role';
import { PermissionMatrix, grantsToPermissions, permissionsToGrants, type Grants } from './permission-matrix';
import { REQUIRED_MARK } from '../../components/required-mark';

export const CLIENT_KIND_LABELS: Record<ClientKind, string> = {
  FAR: 'Administración (FAR)',
  BUS: 'Business (BUS)',
  WAL: 'Wallet (WAL)',
};

const schema = z.object({
  v_name: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).pipe(RoleCreateBody.shape.v_name),
  v_client_prefix: z.enum(CLIENT_KINDS, { message: 'Tipo de cliente no válido' }),
  i_active: z.boolean(),
  grants: z.record(z.string(), z.array(z.string())),
});
type FormInput = z.input<typeof schema>;
type FormValues = z.output<typeof schema>;

export function entriesFor(menu: MenuEntry[] | undefined, kind: ClientKind): MenuEntry[] {
  return (menu ?? []).filter((e) => e.v_client_prefix.includes(kind)).sort((a, b) => a.i_order - b.i_order);
}

interface RoleFormProps {
  /** Without a role: create. */
  role?: RoleDetailData;
  readOnly?: boolean;
  onDone: () => void;
  onCancel: () => void;
}

export function RoleForm({ role, readOnly = false, onDone, onCancel }: RoleFormProps) {
  const menu = useAllMenu();
  const create = useCreateRole();
  const edit = useEditRole();
  const isCreate = !role;
  const mutation = isCreate ? create : edit;

  const form = useForm<FormInput, unknown, FormValues>({
    ...FORM_SETTINGS,
    resolver: zodResolver(schema),
    defaultValues: role
      ? { v_name: role.v_name, v_client_prefix: role.v_client_prefix, i_active: role.i_active, grants: permissionsToGrants(role.Permissions) }
      : { v_name: '', v_client_prefix: 'FAR', i_active: true, grants: {} },
  });
  const kind = useWatch({ control: form.control, name: 'v_client_prefix' }) as ClientKind;
  const entries = useMemo(() => entriesFor(menu.data, kind), [menu.data, kind]);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const Permissions = grantsToPermissions(values.grants, entries);
    try {
      if (role) {
        await edit.mutateAsync({ v_uid: role.v_uid, v_name: values.v_name, i_active: values.i_active, Permissions });
        notifications.show({ color: 'green', message: `El rol «${values.v_name}» se actualizó.` });
      } else {
        await create.mutateAsync({ v_name: values.v_name, v_client_prefix: values.v_client_prefix, i_active: values.i_active, Permissions });
        notifications.show({ color: 'green', message: `El rol «${values.v_name}» se creó.` });
      }
      onDone();
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['v_name', 'v_client_prefix', 'i_active']);
    }
  });

  const system = role?.b_system ?? false;

  return (
    <form onSubmit={onSubmit} noValidate data-testid={isCreate ? 'form-role-create' : 'form-role-edit'}>
      <Stack gap="md">
        {mutation.isError ? <ErrorAlert error={mutation.error} title="No fue posible guardar el rol" /> : null}
        {system && !readOnly ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            Es un rol del sistema: su nombre y su estatus no se pueden cambiar, solo sus permisos.
          </Alert>
        ) : null}
        <Stack gap="md">
          {system || readOnly ? (
            <TextInput label="Nombre del rol" readOnly variant="filled" maw={480} value={roleLabel(role?.v_name ?? '')} />
          ) : (
            <TextInput label="Nombre del rol" {...REQUIRED_MARK} maw={480} error={errors.v_name?.message} {...form.register('v_name')} />
          )}
          {isCreate ? (
            <Controller
              control={form.control}
              name="v_client_prefix"
              render={({ field, fieldState }) => (
                <Input.Wrapper label="Tipo de cliente" labelProps={REQUIRED_MARK.labelProps} error={fieldState.error?.message}>
                  <SegmentedControl
                    display="flex"
                    maw={560}
                    value={field.value}
                    onChange={(v) => {
                      field.onChange(v);
                      // The rows belong to one client kind: a new kind starts with no grants.
                      form.setValue('grants', {}, { shouldDirty: true });
                    }}
                    data={CLIENT_KINDS.map((k) => ({ value: k, label: CLIENT_KIND_LABELS[k] }))}
                  />
                </Input.Wrapper>
              )}
            />
          ) : (
            <Input.Wrapper label="Tipo de cliente">
              <Group mt={4}>
                <Badge variant="light" size="lg">
                  {CLIENT_KIND_LABELS[role.v_client_prefix]}
                </Badge>
              </Group>
            </Input.Wrapper>
          )}
        </Stack>
        <Controller
          control={form.control}
          name="i_active"
          render={({ field }) => (
            <Switch label="Rol activo" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} disabled={readOnly || system} />
          )}
        />
        <Stack gap={6}>
          <Text fw={600} size="sm">
            Permisos por sección
          </Text>
          {menu.isPending ? (
            <Skeleton h={240} />
          ) : menu.isError ? (
            <ErrorAlert error={menu.error} title="No fue posible cargar el menú" onRetry={() => void menu.refetch()} />
          ) : (
            <Controller
              control={form.control}
              name="grants"
              render={({ field }) => <PermissionMatrix entries={entries} value={field.value as Grants} onChange={field.onChange} readOnly={readOnly} />}
            />
          )}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {readOnly ? 'Cerrar' : 'Cancelar'}
          </Button>
          {readOnly ? null : (
            <Button type="submit" loading={mutation.isPending}>
              {isCreate ? 'Crear rol' : 'Guardar cambios'}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
