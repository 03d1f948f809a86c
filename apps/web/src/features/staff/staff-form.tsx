import { AdminUserCreateBody, ROLE_IDS, curpSchema, optional, type AdminUserDetail } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Divider, Grid, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { DayInput } from '../../components/day-input';
import { ErrorAlert } from '../../components/error-alert';
import { PhoneFields } from '../../components/phone-code-select';
import { REQUIRED_MARK } from '../../components/required-mark';
import { errorText, isApiError } from '../../lib/api-client';
import { useMe } from '../../lib/api/get-me';
import { roleLabel } from '@far/contracts';
import { useRolesOf } from '../../lib/api/get-role-catalog';
import { lifecycleOf } from '../../lib/lifecycle';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { REQUIRED } from '../../lib/validation';
import { useCreateStaff, type StaffInput } from './api/create-staff';
import { useDepartments } from './api/list-departments';
import { useUpdateStaff } from './api/update-staff';

const requiredChoice = z.string({ message: REQUIRED }).min(1, REQUIRED);

/** The contracts' admin user body (same rules and messages as the server), with selects that say "required". */
export const staffSchema = AdminUserCreateBody.omit({ ClientKind: true }).extend({
  DepartmentId: requiredChoice,
  RoleId: requiredChoice,
  Curp: optional(curpSchema),
});
type Output = z.output<typeof staffSchema>;

export interface StaffFormValues {
  Name: string;
  LastName: string;
  SecondLastName: string;
  DateOfBirth: string | null;
  Curp: string;
  Phone: string;
  PhoneCode: string;
  Mobile: string;
  MobileCode: string;
  DepartmentId: string | null;
  Position: string;
  EmployeeNumber: string;
  DateOfJoining: string | null;
  RoleId: string | null;
  Email: string;
  AltEmail: string;
  IsActive: boolean;
}

const FIELDS = Object.keys(staffSchema.shape);

const EMPTY_VALUES: StaffFormValues = {
  Name: '',
  LastName: '',
  SecondLastName: '',
  DateOfBirth: null,
  Curp: '',
  Phone: '',
  PhoneCode: '+52',
  Mobile: '',
  MobileCode: '+52',
  DepartmentId: null,
  Position: '',
  EmployeeNumber: '',
  DateOfJoining: null,
  RoleId: ROLE_IDS.techfar,
  Email: '',
  AltEmail: '',
  IsActive: true,
};

const day = (v: string | null) => (v ? v.slice(0, 10) : null);

const toForm = (u: AdminUserDetail): StaffFormValues => ({
  Name: u.Name,
  LastName: u.LastName ?? '',
  SecondLastName: u.SecondLastName ?? '',
  DateOfBirth: day(u.DateOfBirth),
  Curp: u.Curp ?? '',
  Phone: u.Phone ?? '',
  PhoneCode: u.PhoneCode || '+52',
  Mobile: u.Mobile ?? '',
  MobileCode: u.MobileCode || '+52',
  DepartmentId: u.DepartmentId,
  Position: u.Position ?? '',
  EmployeeNumber: u.EmployeeNumber ?? '',
  DateOfJoining: day(u.DateOfJoining),
  RoleId: u.RoleId,
  Email: u.Email,
  AltEmail: u.AltEmail ?? '',
  IsActive: lifecycleOf(u.Status).active,
});

const toInput = (v: Output): StaffInput => ({
  Name: v.Name,
  LastName: v.LastName,
  SecondLastName: v.SecondLastName ?? null,
  DateOfBirth: v.DateOfBirth ?? null,
  Curp: v.Curp ?? null,
  Phone: v.Phone ?? null,
  PhoneCode: v.PhoneCode,
  Mobile: v.Mobile ?? null,
  MobileCode: v.MobileCode,
  DepartmentId: v.DepartmentId,
  Position: v.Position,
  EmployeeNumber: v.EmployeeNumber ?? null,
  DateOfJoining: v.DateOfJoining ?? null,
  RoleId: v.RoleId,
  Email: v.Email,
  AltEmail: v.AltEmail ?? null,
  IsActive: v.IsActive,
});

interface StaffFormProps {
  /** Without a user: create. */
  user?: AdminUserDetail;
  onDone: (user: AdminUserDetail) => void;
  onCancel: () => void;
}

/** Every field of the admin user (spec §3): create sends a temporary password by e-mail. */
export function StaffForm({ user, onDone, onCancel }: StaffFormProps) {
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const mutation = user ? update : create;
  const me = useMe();
  const isSuper = me.data?.isSuper === true;
  const departments = useDepartments();
  const roles = useRolesOf('FAR');
  const form = useForm<StaffFormValues, unknown, Output>({
    ...FORM_SETTINGS,
    resolver: zodResolver(staffSchema) as unknown as Resolver<StaffFormValues, unknown, Output>,
    defaultValues: user ? toForm(user) : EMPTY_VALUES,
  });
  const { errors } = form.formState;

  // A Mexican number has 10 digits (the server says so too; here it is caught before sending, and
  // together with the other messages when the form has more to fix).
  const checkPhones = (values: { Phone?: string; PhoneCode: string; Mobile?: string; MobileCode: string }, focus: boolean): boolean => {
    let bad = false;
    for (const [field, code] of [
      ['Phone', 'PhoneCode'],
      ['Mobile', 'MobileCode'],
    ] as const) {
      const n = values[field]?.trim();
      if (n && /^\d+$/.test(n) && values[code] === '+52' && n.length !== 10) {
        form.setError(field, { message: 'El teléfono debe tener 10 dígitos' }, { shouldFocus: focus && !bad });
        bad = true;
      }
    }
    return bad;
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      if (checkPhones(values, true)) return;
      try {
        const saved = user ? await update.mutateAsync({ Id: user.Id, ...toInput(values) }) : await create.mutateAsync(toInput(values));
        notifications.show({
          color: 'green',
          message: user ? `Se guardaron los datos de ${saved.Email}.` : `Se creó el usuario ${saved.Email}. Enviamos su contraseña temporal por correo.`,
        });
        onDone(saved);
      } catch (error) {
        if (isApiError(error)) applyServerErrors(form.setError, error, FIELDS);
      }
    },
    () => checkPhones(form.getValues(), false),
  );

  const dateControl = (name: 'DateOfBirth' | 'DateOfJoining', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DayInput
          label={label}
          clearable
          maxDate={new Date()}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid={user ? 'form-staff-edit' : 'form-staff-create'}>
      <Stack gap="lg">
        {mutation.isError ? <ErrorAlert error={mutation.error} title="No fue posible guardar el usuario" /> : null}
        {!user ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            El usuario recibirá por correo una contraseña temporal que deberá cambiar al iniciar sesión por primera vez.
          </Alert>
        ) : null}

        <Stack gap="sm">
          <Title order={3} fz="md">
            Datos personales
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Nombre(s)" {...REQUIRED_MARK} error={errors.Name?.message} {...form.register('Name')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Primer apellido" {...REQUIRED_MARK} error={errors.LastName?.message} {...form.register('LastName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 4 }}>
              <TextInput label="Segundo apellido" error={errors.SecondLastName?.message} {...form.register('SecondLastName')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>{dateControl('DateOfBirth', 'Fecha de nacimiento')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label="CURP"
                maxLength={18}
                styles={{ input: { textTransform: 'uppercase' } }}
                error={errors.Curp?.message}
                {...form.register('Curp')}
              />
            </Grid.Col>
          </Grid>
        </Stack>

        <Divider />
        <Stack gap="sm">
          <Title order={3} fz="md">
            Contacto
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Correo electrónico" type="email" {...REQUIRED_MARK} error={errors.Email?.message} {...form.register('Email')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Correo alternativo" type="email" error={errors.AltEmail?.message} {...form.register('AltEmail')} />
            </Grid.Col>
            <PhoneFields form={form} code="PhoneCode" number="Phone" codeLabel="Lada del teléfono fijo" numberLabel="Teléfono fijo" />
            <PhoneFields form={form} code="MobileCode" number="Mobile" codeLabel="Lada del celular" numberLabel="Teléfono celular" />
          </Grid>
        </Stack>

        <Divider />
        <Stack gap="sm">
          <Title order={3} fz="md">
            Datos laborales y acceso
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="DepartmentId"
                render={({ field, fieldState }) => (
                  <Select
                    label="Departamento"
                    {...REQUIRED_MARK}
                    placeholder={departments.isPending ? 'Cargando…' : 'Selecciona un departamento'}
                    data={(departments.data ?? []).map((d) => ({ value: d.Id, label: d.Name }))}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    error={fieldState.error?.message ?? (departments.isError ? errorText(departments.error) : undefined)}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Puesto" {...REQUIRED_MARK} error={errors.Position?.message} {...form.register('Position')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput label="Número de empleado" error={errors.EmployeeNumber?.message} {...form.register('EmployeeNumber')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>{dateControl('DateOfJoining', 'Fecha de ingreso')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name="RoleId"
                render={({ field, fieldState }) => (
                  <Select
                    label="Rol"
                    {...REQUIRED_MARK}
                    placeholder={roles.isPending ? 'Cargando…' : 'Selecciona un rol'}
                    // Only a super admin makes another super admin.
                    data={(roles.data ?? []).map((r) => ({ value: r.v_uid, label: roleLabel(r.v_name), disabled: r.v_uid === ROLE_IDS.super && !isSuper }))}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={user?.IsSuperAdmin === true && !isSuper}
                    error={fieldState.error?.message ?? (roles.isError ? errorText(roles.error) : undefined)}
                  />
                )}
              />
            </Grid.Col>
          </Grid>
          <Controller
            control={form.control}
            name="IsActive"
            render={({ field }) => (
              <Switch
                label="Usuario activo"
                description={field.value ? 'Puede iniciar sesión.' : 'No podrá iniciar sesión hasta que se active.'}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
        </Stack>

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {user ? 'Guardar cambios' : 'Crear usuario'}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Los campos marcados con * son obligatorios.
        </Text>
      </Stack>
    </form>
  );
}
