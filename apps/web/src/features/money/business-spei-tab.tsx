import type { BusinessLimits, BusinessSpeiConfig } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Badge, Button, Grid, Group, Modal, Paper, Skeleton, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { IconTestPipe } from '@tabler/icons-react';
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { BalanceCards } from '../../components/balance-cards';
import { ErrorAlert } from '../../components/error-alert';
import { MoneyField } from '../../components/money-input';
import { REQUIRED_MARK } from '../../components/required-mark';
import { MoneyText } from '../../components/value-text';
import { isApiError } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { apiCents, centsToApi } from '../../lib/money';
import { useBalance } from './api/get-balance';
import { useBusinessLimits } from './api/get-business-limits';
import { useBusinessSpeiConfig } from './api/get-business-spei-config';
import { useUpsertBusinessSpeiConfig } from './api/upsert-business-spei-config';
import { LimitForm } from '../../components/limit-form';
import { useUpsertLimit } from './api/upsert-limit';
import { SandboxIncomingForm } from './sandbox-incoming-form';
import { SPEI_CONFIG_PATH } from './spei-config-page';
import { commissionInput, percentInput } from './spei-fields';

const SCREEN = '/user/business';

const schema = z.object({
  CommissionSpeiIn: percentInput,
  EnableSpeiOut: z.boolean(),
  UseCustomSpeiOutConfig: z.boolean(),
  CommissionSpeiOut: commissionInput,
  CommissionDepositCardholder: commissionInput,
});
type FormInput = z.input<typeof schema>;
type FormValues = z.output<typeof schema>;
const FIELDS = ['CommissionSpeiIn', 'EnableSpeiOut', 'UseCustomSpeiOutConfig', 'CommissionSpeiOut', 'CommissionDepositCardholder'] as const;

const SOURCE_LABEL = { business: 'De la empresa', global: 'Global' } as const;
const LIMIT_SOURCE_LABEL = { specific: 'Límite propio', global: 'Límite global', none: 'Sin límite' } as const;

const moneyOrNone = (value: string | null) =>
  value === null ? (
    <Text span c="dimmed" size="sm">
      Sin límite
    </Text>
  ) : (
    <MoneyText size="sm" cents={apiCents(value)} />
  );

function ConfigForm({ config, businessId, readOnly }: { config: BusinessSpeiConfig; businessId: string; readOnly: boolean }) {
  const save = useUpsertBusinessSpeiConfig();
  // The commissions shown are the ones that apply: without its own configuration, the global ones.
  const values = (c: BusinessSpeiConfig): FormInput => ({
    CommissionSpeiIn: c.Effective.CommissionSpeiIn,
    EnableSpeiOut: c.EnableSpeiOut,
    UseCustomSpeiOutConfig: c.UseCustomSpeiOutConfig,
    CommissionSpeiOut: c.Effective.CommissionSpeiOut,
    CommissionDepositCardholder: c.Effective.CommissionDepositCardholder,
  });
  const form = useForm<FormInput, unknown, FormValues>({ ...FORM_SETTINGS, resolver: zodResolver(schema), defaultValues: values(config) });
  const { errors, isDirty } = form.formState;
  const custom = useWatch({ control: form.control, name: 'UseCustomSpeiOutConfig' });

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      // Without its own configuration the global commissions apply: none is sent (the server would refuse one that differs).
      const own = v.UseCustomSpeiOutConfig
        ? {
            CommissionSpeiIn: v.CommissionSpeiIn,
            CommissionSpeiOut: centsToApi(v.CommissionSpeiOut),
            CommissionDepositCardholder: centsToApi(v.CommissionDepositCardholder),
          }
        : {};
      const saved = await save.mutateAsync({
        BusinessId: businessId,
        EnableSpeiOut: v.EnableSpeiOut,
        UseCustomSpeiOutConfig: v.UseCustomSpeiOutConfig,
        ...own,
      });
      form.reset(values(saved));
      notifications.show({ color: 'green', message: 'La configuración SPEI de la empresa se guardó.' });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, FIELDS);
    }
  });

  // Commissions are typed only for the business's own configuration; otherwise they show the global ones.
  const commission = readOnly || !custom ? { readOnly: true, variant: 'filled' as const } : REQUIRED_MARK;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="form-business-spei-config">
      <Stack gap="md">
        {save.isError ? <ErrorAlert error={save.error} title="No fue posible guardar la configuración" /> : null}
        <Controller
          control={form.control}
          name="UseCustomSpeiOutConfig"
          render={({ field }) => (
            <Switch
              label="Usar configuración propia"
              description="Encendido, aplican los valores de abajo; apagado, los globales."
              checked={field.value}
              disabled={readOnly}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Grid gap="md" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Comisión por SPEI recibido"
              {...commission}
              rightSection="%"
              inputMode="decimal"
              error={errors.CommissionSpeiIn?.message}
              {...form.register('CommissionSpeiIn')}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <MoneyField form={form} name="CommissionSpeiOut" label="Comisión por SPEI enviado" {...commission} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <MoneyField form={form} name="CommissionDepositCardholder" label="Comisión por depósito a tarjetahabiente" {...commission} />
          </Grid.Col>
        </Grid>
        <Controller
          control={form.control}
          name="EnableSpeiOut"
          render={({ field }) => (
            <Switch
              label="Envío SPEI habilitado para esta empresa"
              description="Para enviar, deben estar encendidos este interruptor y el global."
              checked={field.value}
              disabled={readOnly}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        {!custom ? (
          <Text size="xs" c="dimmed">
            Sin configuración propia se cobran las comisiones globales que se muestran; para cobrar otras, activa «Usar configuración propia».
          </Text>
        ) : null}
        {readOnly ? null : (
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!isDirty && config.Id !== null}>
              Guardar configuración
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** What applies now: each commission with its value and whether it is the business's own or the global one. */
function Effective({ config }: { config: BusinessSpeiConfig }) {
  const e = config.Effective;
  const source = (
    <Badge variant="light" color={e.Source === 'business' ? 'far' : 'gray'} tt="none" miw="max-content">
      {SOURCE_LABEL[e.Source]}
    </Badge>
  );
  const rows: Array<[string, React.ReactNode]> = [
    ['SPEI recibido', <>{e.CommissionSpeiIn} % + IVA</>],
    [
      'SPEI enviado',
      <>
        <MoneyText size="sm" cents={apiCents(e.CommissionSpeiOut)} /> + IVA
      </>,
    ],
    [
      'Depósito a tarjetahabiente',
      <>
        <MoneyText size="sm" cents={apiCents(e.CommissionDepositCardholder)} /> + IVA
      </>,
    ],
  ];
  return (
    <Table verticalSpacing={4} data-testid="effective-spei-config">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Comisión</Table.Th>
          <Table.Th ta="right">Aplica</Table.Th>
          <Table.Th ta="right">Origen</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label} data-testid={`effective-${label}`}>
            <Table.Th scope="row">{label}</Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {value}
            </Table.Td>
            <Table.Td ta="right">{source}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">Envío SPEI</Table.Th>
          <Table.Td ta="right" colSpan={2}>
            <Badge variant="light" color={e.EnableSpeiOut ? 'green' : 'red'} miw="max-content">
              {e.EnableSpeiOut ? 'Habilitado' : 'Deshabilitado'}
            </Badge>
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function LimitsSummary({ limits }: { limits: BusinessLimits }) {
  const e = limits.Effective;
  return (
    <Table verticalSpacing={4} data-testid="effective-limits">
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th ta="right">Aplica</Table.Th>
          <Table.Th ta="right">Global</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row">Por operación</Table.Th>
          <Table.Td ta="right">{moneyOrNone(e.LimitPerTransaction)}</Table.Td>
          <Table.Td ta="right">{moneyOrNone(limits.Global?.IsEnabled ? limits.Global.LimitPerTransaction : null)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Diario</Table.Th>
          <Table.Td ta="right">{moneyOrNone(e.DailyLimit)}</Table.Td>
          <Table.Td ta="right">{moneyOrNone(limits.Global?.IsEnabled ? limits.Global.DailyLimit : null)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Mensual</Table.Th>
          <Table.Td ta="right">{moneyOrNone(e.MonthlyLimit)}</Table.Td>
          <Table.Td ta="right">{moneyOrNone(limits.Global?.IsEnabled ? limits.Global.MonthlyLimit : null)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Origen</Table.Th>
          <Table.Td ta="right" colSpan={2}>
            {LIMIT_SOURCE_LABEL[e.Source]}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Enviado hoy / este mes</Table.Th>
          <Table.Td ta="right" colSpan={2}>
            <MoneyText size="sm" cents={apiCents(limits.Usage.Today)} /> / <MoneyText size="sm" cents={apiCents(limits.Usage.Month)} />
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/**
 * The business detail's tab «Configuración SPEI y límites» (staff): the business's balance, its
 * SPEI configuration with what applies, and its own SPEI-out limit beside the global one.
 */
export function BusinessSpeiTab({ businessId }: { businessId: string }) {
  const canEdit = useCan(SCREEN, 'Editar');
  const balance = useBalance(businessId);
  const config = useBusinessSpeiConfig(businessId);
  const limits = useBusinessLimits(businessId);
  const saveLimit = useUpsertLimit();
  const [depositing, setDepositing] = useState(false);

  return (
    <Stack gap="lg" data-testid="business-spei-tab">
      <BalanceCards
        balance={balance.data}
        loading={balance.isPending}
        error={balance.isError ? balance.error : undefined}
        onRetry={() => void balance.refetch()}
        accountLabel="CLABE de la empresa"
      />
      {canEdit && balance.data?.account ? (
        <Group justify="flex-end">
          <Button variant="light" leftSection={<IconTestPipe size={16} />} onClick={() => setDepositing(true)}>
            Depósito de prueba (SPEI sandbox)
          </Button>
        </Group>
      ) : null}
      <Modal opened={depositing} onClose={() => setDepositing(false)} title="Depósito SPEI de prueba" size="xl" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        {depositing && balance.data?.account ? <SandboxIncomingForm clabe={balance.data.account} /> : null}
      </Modal>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <Title order={3} fz="md">
            Configuración SPEI
          </Title>
          <Anchor component={Link} to={SPEI_CONFIG_PATH} size="sm">
            Ver configuración global
          </Anchor>
        </Group>
        {config.isPending ? (
          <Skeleton h={200} />
        ) : config.isError ? (
          <ErrorAlert error={config.error} title="No fue posible cargar la configuración" onRetry={() => void config.refetch()} />
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <ConfigForm key={config.data.UpdatedAt ?? 'global'} config={config.data} businessId={businessId} readOnly={!canEdit} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Text size="sm" fw={600} mb={4}>
                Lo que aplica hoy
              </Text>
              <Effective config={config.data} />
            </Grid.Col>
          </Grid>
        )}
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} fz="md" mb={4}>
          Límites de envío SPEI
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Límite propio de la empresa (alcance específico). Si no tiene uno activo, aplica el global. Días y meses en hora de la Ciudad de México.
        </Text>
        {limits.isPending ? (
          <Skeleton h={160} />
        ) : limits.isError ? (
          <ErrorAlert error={limits.error} title="No fue posible cargar los límites" onRetry={() => void limits.refetch()} />
        ) : (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <LimitForm
                key={limits.data.Specific?.UpdatedAt ?? 'none'}
                limit={limits.data.Specific}
                readOnly={!canEdit}
                testId="form-business-limit"
                onSave={(v) => saveLimit.mutateAsync({ ScopeType: 1, BusinessId: businessId, ...v })}
                saving={saveLimit.isPending}
                saveError={saveLimit.isError ? saveLimit.error : null}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <LimitsSummary limits={limits.data} />
            </Grid.Col>
          </Grid>
        )}
      </Paper>
    </Stack>
  );
}
