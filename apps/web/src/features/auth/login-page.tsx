import { attemptsLeftText } from '@far/contracts/errors';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../components/password-field';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { readFrom, readNotice, type Notice } from '../../lib/notice';
import { SESSION_EXPIRED_MESSAGE, session } from '../../lib/session';
import { REQUIRED } from '../../lib/messages';
import { useSignIn } from './api/sign-in';
import { AuthLayout } from './auth-layout';

/**
 * The sign-in form checks with plain rules, not zod: this screen is the first load and stays light
 * (zod and the contracts' schemas load after). Same words as the contracts' EmailField and the
 * server's SigninBody, which still decide.
 */
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const loginRules = {
  Email: {
    validate: (value: string) => {
      const email = value.trim();
      if (email === '') return REQUIRED;
      if (email.length > 254) return 'Debe contener máximo 254 caracteres';
      return (EMAIL.test(email) && (email.split('@')[0] ?? '').length <= 64) || 'Correo electrónico no válido';
    },
  },
  Password: { required: REQUIRED, maxLength: { value: 128, message: 'Debe contener máximo 128 caracteres' } },
} as const;
type LoginValues = { Email: string; Password: string };

interface Denial {
  message: string;
  attempts: number | null;
}

function readDenial(data: unknown, fallback: string): Denial {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const reason = typeof record['DenialReason'] === 'string' && record['DenialReason'] !== '' ? record['DenialReason'] : null;
  const attempts = typeof record['AvailableAtempts'] === 'number' ? record['AvailableAtempts'] : null;
  return { message: reason ?? fallback, attempts };
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [denial, setDenial] = useState<Denial | null>(null);
  // The notice of a sign-out or an expiry arrives in the location state; show it once.
  useEffect(() => session.dismissNotice(), []);

  const notice: Notice | null =
    readNotice(location.state) ?? (params.get('sesion') === 'expirada' ? { color: 'yellow', message: SESSION_EXPIRED_MESSAGE } : null);

  const form = useForm<LoginValues>({
    ...FORM_SETTINGS,
    defaultValues: { Email: '', Password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setDenial(null);
    const [result, error] = await signIn.mutateAsync({ Email: values.Email.trim().toLowerCase(), Password: values.Password });
    if (error) {
      handleError(error);
      return;
    }
    if (!result.AllowAccess || !result.AccessToken) {
      setDenial(readDenial(result, 'No fue posible iniciar sesión'));
      return;
    }
    session.start(result);
    if (result.MustChangePassword) {
      notifications.show({
        color: 'yellow',
        title: 'Cambia tu contraseña',
        message: 'Por seguridad debes cambiar tu contraseña antes de continuar.',
      });
      navigate('/profile?cambiar-contrasena=1', {
        replace: true,
        state: { notice: { color: 'yellow', message: 'Por seguridad debes cambiar tu contraseña antes de continuar.' } },
      });
      return;
    }
    navigate(readFrom(location.state) ?? '/dashboard', { replace: true });
  });

  function handleError(error: ApiError) {
    if (applyServerErrors(form.setError, error, ['Email', 'Password'])) return;
    setDenial(readDenial(error.data, error.message));
  }

  return (
    <AuthLayout
      title="Iniciar sesión"
      subtitle="Ingresa con tu correo electrónico y contraseña."
      footer={
        <Text ta="center" size="sm" c="dimmed">
          ¿Aún no tienes cuenta?{' '}
          <Anchor component={Link} to="/signup" fw={600}>
            Crear cuenta Wallet
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={onSubmit} noValidate data-testid="form-login">
        <Stack gap="md">
          {notice ? (
            <Alert color={notice.color} variant="light" icon={<IconInfoCircle size={18} />} data-testid="login-notice">
              {notice.message}
            </Alert>
          ) : null}
          {denial ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="login-error">
              <Text size="sm" fw={500}>
                {denial.message}
              </Text>
              {denial.attempts !== null && denial.attempts > 0 ? (
                <Text size="sm" mt={4} data-testid="login-attempts">
                  {attemptsLeftText(denial.attempts)}
                </Text>
              ) : null}
            </Alert>
          ) : null}
          <TextInput
            label="Correo electrónico"
            placeholder="nombre@empresa.mx"
            type="email"
            autoComplete="username"
            error={errors.Email?.message}
            {...form.register('Email', loginRules.Email)}
          />
          <PasswordField
            label="Contraseña"
            placeholder="Tu contraseña"
            autoComplete="current-password"
            error={errors.Password?.message}
            {...form.register('Password', loginRules.Password)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              ¿Olvidaste tu contraseña?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth size="md" loading={form.formState.isSubmitting}>
            Iniciar sesión
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
