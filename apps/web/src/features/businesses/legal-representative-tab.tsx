import { EmailField, PersonName, optional } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Grid, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { REQUIRED_MARK } from '../../components/required-mark';
import { isApiError } from '../../lib/api-client';
import { dateTime } from '../../lib/format';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { useCreateLegalRepresentative } from './api/create-legal-representative';
import { useLegalRepresentative, type LegalRepresentativeData } from './api/get-legal-representative';
import { useUpdateLegalRepresentative } from './api/update-legal-representative';
import type { LegalRepresentativeValues } from './business-form';
import { toLegalRepresentativeInput } from './business-form';

const schema = z
  .object({
    v_names: PersonName(),
    v_last_name_1: PersonName(),
    v_last_name_2: optional(PersonName()),
    v_email: EmailField,
    v_email_alternative: optional(EmailField),
  })
  .refine((v) => !v.v_email_alternative || v.v_email_alternative !== v.v_email, {
    path: ['v_email_alternative'],
    message: 'El correo alternativo debe ser distinto del principal',
  });
type Output = z.output<typeof schema>;
const FIELDS = ['v_names', 'v_last_name_1', 'v_last_name_2', 'v_email', 'v_email_alternative'];

function RepresentativeForm({ businessId, current, canSave }: { businessId: string; current: LegalRepresentativeData | null; canSave: boolean }) {
  const create = useCreateLegalRepresentative();
  const update = useUpdateLegalRepresentative();
  const mutation = current ? update : create;
  const form = useForm<LegalRepresentativeValues, unknown, Output>({
    ...FORM_SETTINGS,
    resolver: zodResolver(schema) as unknown as Resolver<LegalRepresentativeValues, unknown, Output>,
    defaultValues: {
      v_names: current?.v_names ?? '',
      v_last_name_1: current?.v_last_name_1 ?? '',
      v_last_name_2: current?.v_last_name_2 ?? '',
      v_email: current?.v_email ?? '',
      v_email_alternative: current?.v_email_alternative ?? '',
    },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async () => {
    const input = toLegalRepresentativeInput(form.getValues());
    try {
      if (current) await update.mutateAsync({ businessId, ...input });
      else await create.mutateAsync({ v_uid_business: businessId, ...input });
      notifications.show({ color: 'green', message: current ? 'Se actualizó el representante legal.' : 'Se registró el representante legal.' });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-legal-representative">
      <Stack gap="md" maw={820}>
        {mutation.isError ? <ErrorAlert error={mutation.error} title="No fue posible guardar el representante legal" /> : null}
        {!current ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
            La empresa aún no tiene representante legal. Es necesario para activarla.
          </Alert>
        ) : (
          <Text size="xs" c="dimmed">
            Registrado el {dateTime(current.d_create_at)} · última actualización {dateTime(current.d_update_at)}
          </Text>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Nombre(s)" {...REQUIRED_MARK} readOnly={!canSave} error={errors.v_names?.message} {...form.register('v_names')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Primer apellido"
              {...REQUIRED_MARK}
              readOnly={!canSave}
              error={errors.v_last_name_1?.message}
              {...form.register('v_last_name_1')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Segundo apellido" readOnly={!canSave} error={errors.v_last_name_2?.message} {...form.register('v_last_name_2')} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Correo electrónico"
              type="email"
              {...REQUIRED_MARK}
              readOnly={!canSave}
              error={errors.v_email?.message}
              {...form.register('v_email')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Correo alternativo"
              type="email"
              readOnly={!canSave}
              error={errors.v_email_alternative?.message}
              {...form.register('v_email_alternative')}
            />
          </Grid.Col>
        </Grid>
        {canSave ? (
          <Group>
            <Button type="submit" loading={mutation.isPending} disabled={!!current && !isDirty}>
              {current ? 'Guardar cambios' : 'Registrar representante legal'}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/** The legal representative of a persona moral (one per business). */
export function LegalRepresentativeTab({ businessId, moral, canAdd, canEdit }: { businessId: string; moral: boolean; canAdd: boolean; canEdit: boolean }) {
  const rep = useLegalRepresentative(businessId, moral);
  if (!moral) {
    return (
      <Text size="sm" c="dimmed" data-testid="legal-representative-na">
        El representante legal solo aplica a personas morales.
      </Text>
    );
  }
  if (rep.isPending) return <Skeleton h={220} />;
  if (rep.isError) return <ErrorAlert error={rep.error} title="No fue posible cargar el representante legal" onRetry={() => void rep.refetch()} />;
  return <RepresentativeForm key={rep.data?.d_update_at ?? 'new'} businessId={businessId} current={rep.data} canSave={rep.data ? canEdit : canAdd} />;
}
