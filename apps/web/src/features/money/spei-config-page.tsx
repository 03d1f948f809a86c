import { Anchor, Badge, Breadcrumbs, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAdjustmentsDollar, IconGauge, IconTestPipe } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/api/get-menu-permissions';
import { useGlobalLimit } from './api/get-global-limit';
import { useGlobalSpeiConfig } from './api/get-global-spei-config';
import { GlobalConfigForm } from './global-config-form';
import { LimitForm } from '../../components/limit-form';
import { useUpsertLimit } from './api/upsert-limit';
import { SandboxIncomingForm } from './sandbox-incoming-form';

/** Staff reach SPEI settings through Cuentas Business (the server checks /user/business). */
export const SPEI_CONFIG_PATH = '/user/business/spei';
const SCREEN = '/user/business';

function GlobalConfigCard({ canEdit }: { canEdit: boolean }) {
  const config = useGlobalSpeiConfig();
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="md" mb={4}>
        Comisiones SPEI globales
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Aplican a toda empresa que no tenga configuración propia (se define en el detalle de cada empresa, pestaña «Configuración SPEI y límites»).
      </Text>
      {config.isPending ? (
        <Skeleton h={180} />
      ) : config.isError ? (
        <ErrorAlert error={config.error} title="No fue posible cargar la configuración" onRetry={() => void config.refetch()} />
      ) : (
        <GlobalConfigForm key={config.data.UpdatedAt} config={config.data} readOnly={!canEdit} />
      )}
    </Paper>
  );
}

function GlobalLimitCard({ canEdit }: { canEdit: boolean }) {
  const limit = useGlobalLimit();
  const saveLimit = useUpsertLimit();
  return (
    <Paper withBorder p="md">
      <Title order={2} fz="md" mb={4}>
        Límite global de envíos SPEI{' '}
        {limit.data ? (
          <Badge ml={6} variant="light" color={limit.data.IsEnabled ? 'green' : 'gray'}>
            {limit.data.IsEnabled ? 'Activo' : 'Inactivo'}
          </Badge>
        ) : null}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Alcance global (0): aplica a las empresas sin límite propio activo. Los días y meses se cuentan en hora de la Ciudad de México.
      </Text>
      {limit.isPending ? (
        <Skeleton h={120} />
      ) : limit.isError ? (
        <ErrorAlert error={limit.error} title="No fue posible cargar el límite" onRetry={() => void limit.refetch()} />
      ) : (
        <LimitForm
          key={limit.data?.UpdatedAt ?? 'none'}
          limit={limit.data}
          readOnly={!canEdit}
          testId="form-global-limit"
          onSave={(v) => saveLimit.mutateAsync({ ScopeType: 0, ...v })}
          saving={saveLimit.isPending}
          saveError={saveLimit.isError ? saveLimit.error : null}
        />
      )}
    </Paper>
  );
}

/** Configuración SPEI (staff): global commissions, the global limit and the sandbox's incoming SPEI. */
export function SpeiConfigPage() {
  const canEdit = useCan(SCREEN, 'Editar');
  return (
    <>
      <Breadcrumbs mb="xs">
        <Anchor component={Link} to="/user/business" size="sm">
          Cuentas Business
        </Anchor>
        <Text size="sm">Configuración SPEI</Text>
      </Breadcrumbs>
      <PageHeader title="Configuración SPEI" description="Comisiones, límites de envío y el riel SPEI de pruebas." />
      <Tabs defaultValue="commissions" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="commissions" leftSection={<IconAdjustmentsDollar size={16} />}>
            Comisiones
          </Tabs.Tab>
          <Tabs.Tab value="limits" leftSection={<IconGauge size={16} />}>
            Límite global
          </Tabs.Tab>
          {canEdit ? (
            <Tabs.Tab value="sandbox" leftSection={<IconTestPipe size={16} />}>
              SPEI sandbox: depósito entrante
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="commissions">
          <GlobalConfigCard canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="limits">
          <GlobalLimitCard canEdit={canEdit} />
        </Tabs.Panel>
        {canEdit ? (
          <Tabs.Panel value="sandbox">
            <Stack>
              <SandboxIncomingForm />
            </Stack>
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </>
  );
}
