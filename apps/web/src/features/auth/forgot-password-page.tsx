import '../../components/mantine-styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { emailField } from '../../lib/validation';
import { useConfirmResetPassword } from './api/confirm-reset-password';
import { useStartResetPassword } from './api/start-reset-password';
import { AuthLayout } from './auth-layout';
import { CodePasswordFields, codePasswordSchema, type CodePasswordInput, type CodePasswordValues } from './code-password-fields';
import { REQUIRED_MARK } from '../../components/required-mark';

const emailSchema = z.object({ Email: emailField });
type EmailInput = z.input<typeof emailSchema>;
type EmailValues = z.output<typeof emailSchema>;

function EmailStep({ onSent }: { onSent: (email: string, destination: string) => void }) {
  const start = useStartResetPassword();
  const form = useForm<EmailInput, unknown, EmailValues>({ ...FORM_SETTINGS, resolver: zodResolver(emailSchema), defaultValues: { Email: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const delivery = await start.mutateAsync(values);
      onSent(values.Email, delivery.CodeDeliveryDetails.Destination);
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Email']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-forgot-email">
      <Stack gap="md">
        {start.isError ? <ErrorAlert error={start.error} /> : null}
        <TextInput
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          {...REQUIRED_MARK}
          placeholder="nombre@empresa.mx"
          error={form.formState.errors.Email?.message}
          {...form.register('Email')}
        />
        <Button type="submit" fullWidth loading={start.isPending}>
          Enviar código
        </Button>
      </Stack>
    </form>
  );
}

function ResetStep({ email, destination, onResend }: { email: string; destination: string; onResend: () => void }) {
  const navigate = useNavigate();
  const confirm = useConfirmResetPassword();
  const start = useStartResetPassword();
  const [sentTo, setSentTo] = useState(destination);
  const form = useForm<CodePasswordInput, unknown, CodePasswordValues>({
    ...FORM_SETTINGS,
    resolver: zodResolver(codePasswordSchema),
    defaultValues: { Code: '', Password: '', Confirm: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync({ Email: email, Code: values.Code, Password: values.Password });
      navigate('/login', {
        replace: true,
        state: { notice: { color: 'green', message: 'Tu contraseña se actualizó. Inicia sesión con tu nueva contraseña.' } },
      });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Code', 'Password']);
    }
  });

  const resend = async () => {
    try {
      const delivery = await start.mutateAsync({ Email: email });
      setSentTo(delivery.CodeDeliveryDetails.Destination);
    } catch {
      // Shown below.
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-forgot-reset">
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconMailCheck size={18} />} data-testid="reset-destination">
          Enviamos un código a {sentTo}
        </Alert>
        {confirm.isError ? <ErrorAlert error={confirm.error} /> : null}
        {start.isError ? <ErrorAlert error={start.error} title="No fue posible reenviar el código" /> : null}
        <CodePasswordFields form={form} codeLabel="Código de verificación" passwordLabel="Nueva contraseña" />
        <Button type="submit" fullWidth loading={confirm.isPending}>
          Cambiar contraseña
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onResend}>
            Usar otro correo
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => void resend()} disabled={start.isPending}>
            Reenviar código
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

export function ForgotPasswordPage() {
  const [sent, setSent] = useState<{ email: string; destination: string } | null>(null);
  return (
    <AuthLayout
      title="Recuperar contraseña"
      subtitle={sent ? 'Escribe el código que recibiste y tu nueva contraseña.' : 'Te enviaremos un código para crear una nueva contraseña.'}
      footer={
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/login">
            Volver a iniciar sesión
          </Anchor>
        </Text>
      }
    >
      {sent ? (
        <ResetStep email={sent.email} destination={sent.destination} onResend={() => setSent(null)} />
      ) : (
        <EmailStep onSent={(email, destination) => setSent({ email, destination })} />
      )}
    </AuthLayout>
  );
}
