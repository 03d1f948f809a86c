import { RfcWarningData, type BusinessDetail } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import type { BusinessInput } from './api/create-business';
import { useUpdateBusiness } from './api/update-business';
import { ADDRESS_FIELDS, FISCAL_FIELDS, businessSchema, businessToForm, toBusinessInput, type BusinessFormValues } from './business-form';
import { AddressFields, FiscalFields } from './business-fields';

const schema = businessSchema({ withLegalRepresentative: false, withFirstUser: false });
const FIELDS: string[] = [...FISCAL_FIELDS, ...ADDRESS_FIELDS];

/** Edits the business's data and address; the kind of person stays. */
export function BusinessEditForm({ business, onDone }: { business: BusinessDetail; onDone: () => void }) {
  const update = useUpdateBusiness();
  const form = useForm<BusinessFormValues, unknown, BusinessFormValues>({
    ...FORM_SETTINGS,
    resolver: zodResolver(schema),
    defaultValues: businessToForm(business),
  });

  const send = async (body: BusinessInput & { Id: string }) => {
    try {
      await update.mutateAsync(body);
      notifications.show({ color: 'green', message: 'Se guardaron los datos de la empresa.' });
      onDone();
    } catch (error) {
      if (!isApiError(error)) return;
      const warning = error.status === 422 ? RfcWarningData.safeParse(error.data) : null;
      if (warning?.success) {
        update.reset();
        openConfirmDialog({
          title: 'Confirmar RFC',
          message: `${warning.data.Warnings.map((w) => w.message).join('. ')}. El SAT ha emitido RFC así. ¿Confirmas que el RFC ${body.Rfc} es correcto?`,
          confirmLabel: 'Confirmar RFC y guardar',
          onConfirm: () => void send({ ...body, ConfirmRfcWarning: true }),
        });
        return;
      }
      applyServerErrors(form.setError, error, FIELDS);
    }
  };

  const onSubmit = form.handleSubmit((values) => send({ Id: business.Id, ...toBusinessInput(values) }));

  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-business-edit">
      <Stack gap="lg">
        {update.isError ? <ErrorAlert error={update.error} title="No fue posible guardar la empresa" /> : null}
        <Title order={3} fz="md">
          Datos fiscales
        </Title>
        <FiscalFields form={form} kindLocked />
        <Divider />
        <Title order={3} fz="md">
          Domicilio
        </Title>
        <AddressFields form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={update.isPending}>
            Guardar cambios
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
