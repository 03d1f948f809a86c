import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../components/password-field';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { PASSWORDS_DIFFER, REQUIRED, passwordField, sixDigitCode } from '../../lib/validation';
import { useChangePassword } from './api/change-password';
import { useRequestSecurityCode } from './api/request-security-code';
import { useSetPin } from './api/set-pin';
import { REQUIRED_MARK } from '../../components/required-mark';

const passwordSchema = z
  .object({
    CurrentPassword: z.string({ message: REQUIRED }).min(1, REQUIRED),
    NewPassword: passwordField,
    Confirm: z.string({ message: REQUIRED }).min(1, REQUIRED),
  })
  .refine((v) => v.NewPassword === v.Confirm, { message: PASSWORDS_DIFFER, path: ['Confirm'] })
  .refine((v) => v.NewPassword !== v.CurrentPassword, { message: 'La nueva contraseña debe ser distinta de la actual', path: ['NewPassword'] });
type PasswordValues = z.infer<typeof passwordSchema>;

export function ChangePasswordForm({ required, onDone }: { required: boolean; onDone?: () => void }) {
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    ...FORM_SETTINGS,
    resolver: zodResolver(passwordSchema),
    defaultValues: { CurrentPassword: '', NewPassword: '', Confirm: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ CurrentPassword: values.CurrentPassword, NewPassword: values.NewPassword });
      form.reset();
      notifications.show({ color: 'green', message: 'Tu contraseña se actualizó.' });
      onDone?.();
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['CurrentPassword', 'NewPassword'], { Password: 'NewPassword' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-change-password">
      <Stack gap="md" maw={460}>
        {required ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} data-testid="must-change-password">
            Tu contraseña es temporal. Cámbiala para poder usar el resto del portal.
          </Alert>
        ) : null}
        {change.isError ? <ErrorAlert error={change.error} title="No fue posible cambiar tu contraseña" /> : null}
        <PasswordField
          label="Contraseña actual"
          autoComplete="current-password"
          {...REQUIRED_MARK}
          error={errors.CurrentPassword?.message}
          {...form.register('CurrentPassword')}
        />
        <PasswordField
          label="Nueva contraseña"
          autoComplete="new-password"
          {...REQUIRED_MARK}
          description="Al menos 8 caracteres, con letras y números."
          error={errors.NewPassword?.message}
          {...form.register('NewPassword')}
        />
        <PasswordField
          label="Confirmar nueva contraseña"
          autoComplete="new-password"
          {...REQUIRED_MARK}
          error={errors.Confirm?.message}
          {...form.register('Confirm')}
        />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Cambiar contraseña
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const PIN_MESSAGE = 'El NIP debe tener 4 dígitos';
const pinSchema = (needsCode: boolean) =>
  z
    .object({
      Pin: z
        .string({ message: REQUIRED })
        .min(1, REQUIRED)
        .regex(/^\d{4}$/, PIN_MESSAGE),
      Confirm: z.string({ message: REQUIRED }).min(1, REQUIRED),
      Code: needsCode ? sixDigitCode : z.string(),
    })
    .refine((v) => v.Pin === v.Confirm, { message: 'Los NIP no coinciden', path: ['Confirm'] });
type PinValues = z.infer<ReturnType<typeof pinSchema>>;

/** Sets the wallet PIN; changing an existing one needs a six-digit code sent by e-mail. */
export function PinForm({ hasPin }: { hasPin: boolean }) {
  const save = useSetPin();
  const sendCode = useRequestSecurityCode();
  const form = useForm<PinValues>({ ...FORM_SETTINGS, resolver: zodResolver(pinSchema(hasPin)), defaultValues: { Pin: '', Confirm: '', Code: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(hasPin ? { Pin: values.Pin, Code: values.Code } : { Pin: values.Pin });
      form.reset();
      sendCode.reset();
      notifications.show({ color: 'green', message: 'Tu NIP se guardó.' });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Pin', 'Code']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-pin">
      <Stack gap="md" maw={460}>
        <Text size="sm" c="dimmed">
          {hasPin
            ? 'Ya tienes un NIP. Para cambiarlo te enviaremos un código de seguridad a tu correo.'
            : 'Crea un NIP de 4 dígitos; lo usarás para autorizar operaciones.'}
        </Text>
        {save.isError ? <ErrorAlert error={save.error} title="No fue posible guardar tu NIP" /> : null}
        {sendCode.isError ? <ErrorAlert error={sendCode.error} title="No fue posible enviar el código" /> : null}
        <Group grow align="flex-start">
          <PasswordField
            label={hasPin ? 'Nuevo NIP' : 'NIP'}
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            {...REQUIRED_MARK}
            error={errors.Pin?.message}
            {...form.register('Pin')}
          />
          <PasswordField
            label="Confirmar NIP"
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            {...REQUIRED_MARK}
            error={errors.Confirm?.message}
            {...form.register('Confirm')}
          />
        </Group>
        {hasPin ? (
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="Código de seguridad"
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              {...REQUIRED_MARK}
              style={{ flex: 1 }}
              description={sendCode.data ? `Enviamos un código a ${sendCode.data.CodeDeliveryDetails.Destination}` : undefined}
              error={errors.Code?.message}
              {...form.register('Code')}
            />
            <Button variant="light" loading={sendCode.isPending} onClick={() => sendCode.mutate({ Operation: 'pin' })}>
              {sendCode.data ? 'Reenviar código' : 'Enviar código'}
            </Button>
          </Group>
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {hasPin ? 'Cambiar NIP' : 'Guardar NIP'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
