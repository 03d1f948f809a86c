import '../../components/mantine-styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Grid, Group, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { IconDeviceMobileMessage, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { DEFAULT_CODE, PhoneCodeSelect } from '../../components/phone-code-select';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { REQUIRED, emailField, requiredText, sixDigitCode } from '../../lib/validation';
import { useSignupLegal } from './api/signup-legal';
import { useSignupPassword } from './api/signup-password';
import { useSignupResendToken, type SignupStartInput } from './api/signup-resend-token';
import { useSignupValidateToken } from './api/signup-validate-token';
import { useSignupVerificationCode } from './api/signup-verification-code';
import { AuthLayout } from './auth-layout';
import { CodePasswordFields, codePasswordSchema, type CodePasswordInput, type CodePasswordValues } from './code-password-fields';
import { SignupLegal } from './signup-legal';
import { REQUIRED_MARK } from '../../components/required-mark';

const dataSchema = z.object({
  Names: requiredText(60),
  LastName1: requiredText(60),
  LastName2: z.string().trim().max(60, 'Debe contener máximo 60 caracteres'),
  Email: emailField,
  PhoneCode: z.string().min(1, REQUIRED),
  CellPhone: z
    .string({ message: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .regex(/^\d{10}$/, 'El teléfono debe tener 10 dígitos'),
  Accept: z.boolean(),
});
const LEGAL_MESSAGE = 'Para continuar acepta los términos y condiciones y el aviso de privacidad';
type DataInput = z.input<typeof dataSchema>;
type DataValues = z.output<typeof dataSchema>;

const tokenSchema = z.object({ Token: sixDigitCode });
type TokenValues = z.infer<typeof tokenSchema>;

function DataStep({ initial, onDone }: { initial: SignupStartInput | null; onDone: (data: SignupStartInput) => void }) {
  const resend = useSignupResendToken();
  const legal = useSignupLegal();
  const form = useForm<DataInput, unknown, DataValues>({
    ...FORM_SETTINGS,
    resolver: zodResolver(dataSchema),
    defaultValues: {
      Names: initial?.Names ?? '',
      LastName1: initial?.LastName1 ?? '',
      LastName2: initial?.LastName2 ?? '',
      Email: initial?.Email ?? '',
      PhoneCode: initial?.PhoneCode ?? DEFAULT_CODE,
      CellPhone: initial?.CellPhone ?? '',
      // Never ticked for the person: going back to this step keeps what they ticked themselves.
      Accept: initial !== null,
    },
  });
  const { errors } = form.formState;
  const texts = legal.data ?? [];
  const onSubmit = form.handleSubmit(async ({ Accept, ...values }) => {
    if (!legal.data) return;
    if (texts.length > 0 && !Accept) {
      form.setError('Accept', { type: 'required', message: LEGAL_MESSAGE }, { shouldFocus: true });
      return;
    }
    const body: SignupStartInput = {
      ...values,
      LastName2: values.LastName2 === '' ? undefined : values.LastName2,
      Legal: texts.map((t) => ({ Id: t.v_uid, Version: t.i_version })),
    };
    try {
      await resend.mutateAsync(body);
      onDone(body);
    } catch (error) {
      if (!isApiError(error)) return;
      applyServerErrors(form.setError, error, ['Names', 'LastName1', 'LastName2', 'Email', 'CellPhone', 'PhoneCode', 'Accept'], { Legal: 'Accept' });
      // A text changed while the person read it: show the new version, to be ticked again.
      if (error.fieldErrors.some((e) => e.field === 'Legal')) {
        form.setValue('Accept', false);
        void legal.refetch();
      }
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-signup-data">
      <Stack gap="md">
        {resend.isError ? <ErrorAlert error={resend.error} /> : null}
        <TextInput label="Nombre(s)" {...REQUIRED_MARK} autoComplete="given-name" error={errors.Names?.message} {...form.register('Names')} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput
              label="Primer apellido"
              {...REQUIRED_MARK}
              autoComplete="family-name"
              error={errors.LastName1?.message}
              {...form.register('LastName1')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label="Segundo apellido" error={errors.LastName2?.message} {...form.register('LastName2')} />
          </Grid.Col>
        </Grid>
        <TextInput label="Correo electrónico" type="email" {...REQUIRED_MARK} autoComplete="email" error={errors.Email?.message} {...form.register('Email')} />
        <Grid>
          <Grid.Col span={{ base: 12, sm: 5 }}>
            <Controller
              control={form.control}
              name="PhoneCode"
              render={({ field, fieldState }) => (
                <PhoneCodeSelect value={field.value} onChange={field.onChange} onBlur={field.onBlur} {...REQUIRED_MARK} error={fieldState.error?.message} />
              )}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 7 }}>
            <TextInput
              label="Teléfono celular"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              {...REQUIRED_MARK}
              description="10 dígitos"
              error={errors.CellPhone?.message}
              {...form.register('CellPhone')}
            />
          </Grid.Col>
        </Grid>
        {legal.isError ? (
          <ErrorAlert error={legal.error} title="No fue posible cargar los términos y condiciones" onRetry={() => void legal.refetch()} />
        ) : null}
        {texts.length > 0 ? (
          <Controller
            control={form.control}
            name="Accept"
            render={({ field, fieldState }) => <SignupLegal texts={texts} checked={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
          />
        ) : null}
        <Button type="submit" fullWidth loading={resend.isPending || legal.isLoading} disabled={legal.isError}>
          Continuar
        </Button>
      </Stack>
    </form>
  );
}

function TokenStep({ data, onDone }: { data: SignupStartInput; onDone: () => void }) {
  const validate = useSignupValidateToken();
  const resend = useSignupResendToken();
  const [resent, setResent] = useState(false);
  const form = useForm<TokenValues>({ ...FORM_SETTINGS, resolver: zodResolver(tokenSchema), defaultValues: { Token: '' } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await validate.mutateAsync({ Email: data.Email, Token: values.Token });
      onDone();
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Token']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-signup-token">
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconMailCheck size={18} />}>
          Enviamos un código de 6 dígitos a {data.Email}. {resent ? 'Te lo enviamos de nuevo.' : ''}
        </Alert>
        {validate.isError ? <ErrorAlert error={validate.error} /> : null}
        {resend.isError ? <ErrorAlert error={resend.error} title="No fue posible reenviar el código" /> : null}
        <TextInput
          label="Código del correo"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...REQUIRED_MARK}
          error={form.formState.errors.Token?.message}
          {...form.register('Token')}
        />
        <Button type="submit" fullWidth loading={validate.isPending}>
          Verificar correo
        </Button>
        <Group justify="flex-end">
          <Anchor
            component="button"
            type="button"
            size="sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(data, { onSuccess: () => setResent(true) })}
          >
            Reenviar código
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

function SmsStep({ data, onDone }: { data: SignupStartInput; onDone: () => void }) {
  const send = useSignupVerificationCode();
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconDeviceMobileMessage size={18} />}>
        Tu correo quedó verificado. Ahora enviaremos un código por SMS al {data.PhoneCode} {data.CellPhone} para confirmar tu teléfono.
      </Alert>
      {send.isError ? <ErrorAlert error={send.error} /> : null}
      <Button fullWidth loading={send.isPending} onClick={() => send.mutate({ Email: data.Email }, { onSuccess: onDone })}>
        Enviar código por SMS
      </Button>
    </Stack>
  );
}

function PasswordStep({ data, onBack }: { data: SignupStartInput; onBack: () => void }) {
  const navigate = useNavigate();
  const save = useSignupPassword();
  const form = useForm<CodePasswordInput, unknown, CodePasswordValues>({
    ...FORM_SETTINGS,
    resolver: zodResolver(codePasswordSchema),
    defaultValues: { Code: '', Password: '', Confirm: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ Email: data.Email, Code: values.Code, Password: values.Password });
      navigate('/login', { replace: true, state: { notice: { color: 'green', message: 'Tu cuenta está lista. Inicia sesión.' } } });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Code', 'Password']);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-signup-password">
      <Stack gap="md">
        {save.isError ? <ErrorAlert error={save.error} /> : null}
        <CodePasswordFields form={form} codeLabel="Código SMS" passwordLabel="Contraseña" />
        <Button type="submit" fullWidth loading={save.isPending}>
          Crear cuenta
        </Button>
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Reenviar código SMS
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

export function SignupPage() {
  const [active, setActive] = useState(0);
  const [data, setData] = useState<SignupStartInput | null>(null);

  return (
    <AuthLayout
      title="Crear cuenta Wallet"
      subtitle="Abre tu cuenta en cuatro pasos."
      width={640}
      footer={
        <Text ta="center" size="sm" c="dimmed">
          ¿Ya tienes cuenta?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Inicia sesión
          </Anchor>
        </Text>
      }
    >
      <Stepper active={active} size="sm" allowNextStepsSelect={false} onStepClick={(step) => step < active && setActive(step)}>
        <Stepper.Step label="Datos" description="Tus datos">
          <Stack pt="md">
            <DataStep
              initial={data}
              onDone={(d) => {
                setData(d);
                setActive(1);
              }}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Correo" description="Verificación">
          <Stack pt="md">{data ? <TokenStep data={data} onDone={() => setActive(2)} /> : null}</Stack>
        </Stepper.Step>
        <Stepper.Step label="Teléfono" description="Código SMS">
          <Stack pt="md">{data ? <SmsStep data={data} onDone={() => setActive(3)} /> : null}</Stack>
        </Stepper.Step>
        <Stepper.Step label="Contraseña" description="Acceso">
          <Stack pt="md">{data ? <PasswordStep data={data} onBack={() => setActive(2)} /> : null}</Stack>
        </Stepper.Step>
      </Stepper>
    </AuthLayout>
  );
}
