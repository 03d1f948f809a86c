import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, ApiKeyCreateRequest, type ApiKey } from '@far/contracts';
import { Button, Checkbox, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconKey, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import { ApiKeysTable } from '../../components/api-keys-table';
import { ErrorAlert } from '../../components/error-alert';
import { ShownOnce } from '../../components/shown-once';
import { REQUIRED_MARK } from '../../components/required-mark';
import { isApiError } from '../../lib/api-client';
import { useApiKeyCode, useApiKeys, useCreateApiKey, useRevokeApiKey, useRotateApiKey } from '../../lib/api/api-keys';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { notifyActionFailed } from '../../lib/notify';
import { sixDigitCode } from '../../lib/validation';

type Values = z.input<typeof ApiKeyCreateRequest>;

/** The code field with its «Enviar código» button (operation api-key), for creating and rotating. */
function CodeField({ error, register }: { error?: string; register: UseFormRegisterReturn<'Code'> }) {
  const send = useApiKeyCode();
  return (
    <Stack gap={4}>
      {send.isError ? <ErrorAlert error={send.error} title="No fue posible enviar el código" /> : null}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Código de seguridad"
          {...REQUIRED_MARK}
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          description={send.data ? `Enviamos un código a ${send.data.CodeDeliveryDetails.Destination}` : 'Te enviaremos un código de 6 dígitos a tu correo'}
          error={error}
          {...register}
        />
        <Button variant="light" loading={send.isPending} onClick={() => send.mutate()}>
          {send.data ? 'Reenviar código' : 'Enviar código'}
        </Button>
      </Group>
    </Stack>
  );
}

function NewKeyForm({ onCreated }: { onCreated: (k: ApiKey) => void }) {
  const create = useCreateApiKey();
  const form = useForm<Values>({ ...FORM_SETTINGS, resolver: zodResolver(ApiKeyCreateRequest), defaultValues: { Name: '', Scopes: ['lectura'], Code: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
      form.reset();
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Name', 'Scopes', 'Code']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="api-key-form">
      <Stack gap="sm" maw={640}>
        <TextInput label="Nombre" {...REQUIRED_MARK} placeholder="ERP de nómina" maxLength={60} {...form.register('Name')} error={errors.Name?.message} />
        <Controller
          control={form.control}
          name="Scopes"
          render={({ field }) => (
            <Checkbox.Group label="Permisos" labelProps={REQUIRED_MARK.labelProps} value={field.value} onChange={field.onChange} error={errors.Scopes?.message}>
              <Stack gap={6} mt={6}>
                {API_KEY_SCOPES.map((s) => (
                  <Checkbox key={s} value={s} label={API_KEY_SCOPE_LABELS[s]} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <CodeField error={errors.Code?.message} register={form.register('Code')} />
        <div>
          <Button type="submit" leftSection={<IconKey size={16} />} loading={create.isPending}>
            Crear clave
          </Button>
        </div>
      </Stack>
    </form>
  );
}

const rotateSchema = z.object({ Code: sixDigitCode });

function RotateDialog({ apiKey, onClose, onRotated }: { apiKey: ApiKey; onClose: () => void; onRotated: (k: ApiKey) => void }) {
  const rotate = useRotateApiKey();
  const form = useForm<{ Code: string }>({ ...FORM_SETTINGS, resolver: zodResolver(rotateSchema), defaultValues: { Code: '' } });
  const onSubmit = form.handleSubmit(async ({ Code }) => {
    try {
      onRotated(await rotate.mutateAsync({ id: apiKey.v_uid, Code }));
      onClose();
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Code']);
    }
  });
  return (
    <Modal opened onClose={onClose} title={`Renovar «${apiKey.Name}»`}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">Se genera un secreto nuevo. El actual seguirá funcionando 24 horas para que actualices tus sistemas.</Text>
          <CodeField error={form.formState.errors.Code?.message} register={form.register('Code')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={rotate.isPending}>
              Renovar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /profile (business): keys its systems use to call the API (docs/api.md, Integración). */
export function ApiKeysSection({ canEdit }: { canEdit: boolean }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [shown, setShown] = useState<ApiKey | null>(null);
  const [rotating, setRotating] = useState<ApiKey | null>(null);
  return (
    <Paper withBorder p="lg" mt="lg" data-testid="api-keys-section">
      <Title order={2} fz="lg">
        Claves de API
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Tus sistemas (ERP, nómina) llaman a la API con el encabezado «Authorization: Bearer far_sk_…», solo con los permisos de la clave. Los envíos de dinero
        requieren el encabezado Idempotency-Key.
      </Text>
      {shown?.Key ? (
        <ShownOnce
          value={shown.Key}
          title="Copia la clave ahora: no se volverá a mostrar"
          copiedLabel="Copiada"
          onClose={() => setShown(null)}
          testId="api-key-secret"
          valueTestId="api-key-value"
        />
      ) : null}
      {keys.isError ? <ErrorAlert error={keys.error} title="No fue posible cargar las claves de API" onRetry={() => void keys.refetch()} /> : null}
      <Stack gap="lg">
        <ApiKeysTable
          keys={keys.data ?? []}
          onRevoke={canEdit ? (k) => revoke.mutate(k.v_uid, { onError: notifyActionFailed }) : undefined}
          actions={
            canEdit
              ? (k) => (
                  <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} onClick={() => setRotating(k)}>
                    Renovar
                  </Button>
                )
              : undefined
          }
        />
        {canEdit ? <NewKeyForm onCreated={setShown} /> : null}
      </Stack>
      {rotating ? <RotateDialog apiKey={rotating} onClose={() => setRotating(null)} onRotated={setShown} /> : null}
    </Paper>
  );
}
