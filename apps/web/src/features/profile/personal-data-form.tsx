import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { DayInput } from '../../components/day-input';
import { ErrorAlert } from '../../components/error-alert';
import { PhoneCodeSelect } from '../../components/phone-code-select';
import { isApiError } from '../../lib/api-client';
import type { MeData } from '../../lib/api/get-me';
import { useCan } from '../../lib/api/get-menu-permissions';
import { EMPTY } from '../../lib/format';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { emailField, requiredText } from '../../lib/validation';
import { useUpdateMe } from './api/update-me';
import { REQUIRED_MARK } from '../../components/required-mark';

const optionalText = (max: number) => z.string().trim().max(max, `Debe contener máximo ${max} caracteres`);
const tenDigits = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{10}$/.test(v), 'El teléfono debe tener 10 dígitos');

const schema = z.object({
  v_names: requiredText(60),
  v_last_name_1: optionalText(60),
  v_last_name_2: optionalText(60),
  v_email_alternative: z.union([z.literal(''), emailField]),
  v_phone_code: z.string().min(1),
  v_cell_phone: tenDigits,
  v_phone: tenDigits,
  v_ocuppation: optionalText(80),
  d_birthdate_at: z.string().nullable(),
});
type FormInput = z.input<typeof schema>;
type FormValues = z.output<typeof schema>;

const FIELDS = [
  'v_names',
  'v_last_name_1',
  'v_last_name_2',
  'v_email_alternative',
  'v_phone_code',
  'v_cell_phone',
  'v_phone',
  'v_ocuppation',
  'd_birthdate_at',
];

const toForm = (me: MeData): FormInput => ({
  v_names: me.v_names,
  v_last_name_1: me.v_last_name_1 ?? '',
  v_last_name_2: me.v_last_name_2 ?? '',
  v_email_alternative: me.v_email_alternative ?? '',
  v_phone_code: me.v_phone_code || '+52',
  v_cell_phone: me.v_cell_phone ?? '',
  v_phone: me.v_phone ?? '',
  v_ocuppation: me.v_ocuppation ?? '',
  d_birthdate_at: me.d_birthdate_at ?? null,
});

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The caller's own data. A persona moral's users (`moral`) keep contact data only: a company has
 * no last names, birth date, CURP or occupation (§3), and the server refuses them.
 */
export function PersonalDataForm({ me, moral = false }: { me: MeData; moral?: boolean }) {
  const canEdit = useCan('/profile', 'Editar');
  const update = useUpdateMe();
  const form = useForm<FormInput, unknown, FormValues>({ ...FORM_SETTINGS, resolver: zodResolver(schema), defaultValues: toForm(me) });
  const { errors, isDirty } = form.formState;
  const readOnly = !canEdit;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        v_names: values.v_names,
        v_last_name_1: moral ? null : blankToNull(values.v_last_name_1),
        v_last_name_2: moral ? null : blankToNull(values.v_last_name_2),
        v_email_alternative: blankToNull(values.v_email_alternative),
        v_phone_code: values.v_phone_code,
        v_cell_phone: blankToNull(values.v_cell_phone),
        v_phone: blankToNull(values.v_phone),
        v_ocuppation: moral ? null : blankToNull(values.v_ocuppation),
        d_birthdate_at: moral ? null : values.d_birthdate_at || null,
      });
      notifications.show({ color: 'green', message: 'Tus datos se guardaron.' });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, FIELDS);
    }
  });

  return (
    <Paper withBorder p="lg">
      <form onSubmit={onSubmit} noValidate data-testid="form-profile">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} fz="lg">
              {moral ? 'Datos de contacto' : 'Datos personales'}
            </Title>
            {readOnly ? (
              <Text size="xs" c="dimmed">
                Solo lectura
              </Text>
            ) : null}
          </Group>
          {update.isError ? <ErrorAlert error={update.error} title="No fue posible guardar tus datos" /> : null}
          <Grid>
            <Grid.Col span={{ base: 12, md: moral ? 12 : 4 }}>
              <TextInput
                label={moral ? 'Nombre de contacto' : 'Nombre(s)'}
                {...REQUIRED_MARK}
                readOnly={readOnly}
                error={errors.v_names?.message}
                {...form.register('v_names')}
              />
            </Grid.Col>
            {moral ? null : (
              <>
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <TextInput label="Primer apellido" readOnly={readOnly} error={errors.v_last_name_1?.message} {...form.register('v_last_name_1')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 4 }}>
                  <TextInput label="Segundo apellido" readOnly={readOnly} error={errors.v_last_name_2?.message} {...form.register('v_last_name_2')} />
                </Grid.Col>
              </>
            )}
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput label="Correo electrónico" value={me.v_email} readOnly disabled description="Para cambiarlo, contacta a soporte." />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label="Correo alternativo"
                type="email"
                readOnly={readOnly}
                error={errors.v_email_alternative?.message}
                {...form.register('v_email_alternative')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Controller
                control={form.control}
                name="v_phone_code"
                render={({ field, fieldState }) => (
                  <PhoneCodeSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} readOnly={readOnly} error={fieldState.error?.message} />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <TextInput
                label="Teléfono celular"
                inputMode="numeric"
                maxLength={10}
                readOnly={readOnly}
                error={errors.v_cell_phone?.message}
                {...form.register('v_cell_phone')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <TextInput
                label="Teléfono fijo"
                inputMode="numeric"
                maxLength={10}
                readOnly={readOnly}
                error={errors.v_phone?.message}
                {...form.register('v_phone')}
              />
            </Grid.Col>
            {moral ? null : (
              <>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <Controller
                    control={form.control}
                    name="d_birthdate_at"
                    render={({ field, fieldState }) => (
                      <DayInput
                        label="Fecha de nacimiento"
                        clearable
                        maxDate={new Date()}
                        readOnly={readOnly}
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <TextInput label="Ocupación" readOnly={readOnly} error={errors.v_ocuppation?.message} {...form.register('v_ocuppation')} />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <TextInput label="CURP" value={me.v_curp ?? EMPTY} readOnly disabled />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 6 }}>
                  <TextInput label="RFC" value={me.v_rfc ?? EMPTY} readOnly disabled />
                </Grid.Col>
              </>
            )}
          </Grid>
          {canEdit ? (
            <Group justify="flex-end">
              <Button variant="default" disabled={!isDirty || update.isPending} onClick={() => form.reset(toForm(me))}>
                Descartar cambios
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!isDirty}>
                Guardar cambios
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
