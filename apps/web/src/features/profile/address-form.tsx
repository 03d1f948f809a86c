import { PostalCodeField, RequiredText, optional } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { AddressBlock } from '../../components/address-block';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { REQUIRED } from '../../lib/validation';
import { useCreateAddress } from './api/create-address';
import { useMyAddress, type AddressData } from './api/get-my-address';
import { useUpdateAddress } from './api/update-address';

const schema = z.object({
  v_street: RequiredText(120),
  v_number_outside: RequiredText(20),
  v_number_indoor: optional(RequiredText(20)),
  v_zip_code: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).pipe(PostalCodeField),
  v_uid_colony: z.string({ message: REQUIRED }).min(1, REQUIRED),
});
interface Values {
  v_street: string;
  v_number_outside: string;
  v_number_indoor: string;
  v_zip_code: string;
  v_uid_colony: string | null;
}
type Output = z.output<typeof schema>;
const FIELDS = ['v_street', 'v_number_outside', 'v_number_indoor', 'v_zip_code', 'v_uid_colony'];
const ADDRESS_NAMES = {
  street: 'v_street',
  exterior: 'v_number_outside',
  interior: 'v_number_indoor',
  postalCode: 'v_zip_code',
  colony: 'v_uid_colony',
} as const;

function AddressFormBody({ userId, current, canEdit }: { userId: string; current: AddressData | null; canEdit: boolean }) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const mutation = current ? update : create;
  const form = useForm<Values, unknown, Output>({
    ...FORM_SETTINGS,
    resolver: zodResolver(schema) as unknown as Resolver<Values, unknown, Output>,
    defaultValues: {
      v_street: current?.v_street ?? '',
      v_number_outside: current?.v_number_outside ?? '',
      v_number_indoor: current?.v_number_indoor ?? '',
      v_zip_code: current?.v_zip_code ?? '',
      v_uid_colony: current?.v_uid_colony ?? null,
    },
  });
  const { isDirty } = form.formState;
  const readOnly = !canEdit;

  const onSubmit = form.handleSubmit(async (v) => {
    const body = {
      v_street: v.v_street,
      v_number_outside: v.v_number_outside,
      v_number_indoor: v.v_number_indoor ?? null,
      v_zip_code: v.v_zip_code,
      v_uid_colony: v.v_uid_colony,
    };
    try {
      if (current) await update.mutateAsync({ userId, ...body });
      else await create.mutateAsync(body);
      notifications.show({ color: 'green', message: 'Tu domicilio se guardó.' });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-address">
      <Stack gap="md">
        {mutation.isError ? <ErrorAlert error={mutation.error} title="No fue posible guardar tu domicilio" /> : null}
        {!current ? (
          <Text size="sm" c="dimmed">
            Aún no registras tu domicilio.
          </Text>
        ) : null}
        <AddressBlock form={form} names={ADDRESS_NAMES} readOnly={readOnly} />
        {canEdit ? (
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending} disabled={!!current && !isDirty}>
              {current ? 'Guardar domicilio' : 'Registrar domicilio'}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/** A wallet user's own address, with the postal code lookup. */
export function AddressCard({ userId, canEdit }: { userId: string; canEdit: boolean }) {
  const address = useMyAddress(userId);
  return (
    <Paper withBorder p="lg">
      <Title order={2} fz="lg" mb="sm">
        Domicilio
      </Title>
      {address.isPending ? (
        <Skeleton h={200} />
      ) : address.isError ? (
        <ErrorAlert error={address.error} title="No fue posible cargar tu domicilio" onRetry={() => void address.refetch()} />
      ) : (
        <AddressFormBody key={address.data?.d_update_at ?? 'new'} userId={userId} current={address.data} canEdit={canEdit} />
      )}
    </Paper>
  );
}
