import { Accordion, Alert, Button, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconKey, IconLifebuoy, IconLock } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingScreen } from '../../components/loading-screen';
import { PageHeader } from '../../components/page-header';
import type { PanelSlots } from '../../components/panel-slots';
import { useMe } from '../../lib/api/get-me';
import { useCan } from '../../lib/api/get-menu-permissions';
import { readNotice } from '../../lib/notice';
import { useSession } from '../../lib/session';
import { AddressCard } from './address-form';
import { useMyBusiness } from './api/get-my-business';
import { CompanyCard } from './company-card';
import { PersonalDataForm } from './personal-data-form';
import { NotificationPreferencesCard } from './notification-preferences';
import { PhotoCard } from './photo-card';
import { ChangePasswordForm, PinForm } from './security-forms';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';
import { CardAuthSection } from './card-auth-section';

export const CHANGE_PASSWORD_PARAM = 'cambiar-contrasena';

/** `walletSettings`: how a wallet user confirms transfers and their daily limit (features/wallet, joined by the router). */
export function ProfilePage({ panels: { Beneficiaries, BusinessUsers }, walletSettings }: { panels: PanelSlots; walletSettings?: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { mustChangePassword } = useSession();
  const canEdit = useCan('/profile', 'Editar');
  const forced = mustChangePassword || me.data?.b_must_change_password === true;
  const [open, setOpen] = useState<string[]>(() => (params.get(CHANGE_PASSWORD_PARAM) === '1' || forced ? ['password'] : []));
  const notice = readNotice(location.state);
  const business = useMyBusiness(me.data?.kind === 'BUS');
  const moral = business.data?.IsMoral === true;

  if (me.isPending) return <LoadingScreen />;
  if (me.isError) return <ErrorAlert error={me.error} title="No fue posible cargar tu perfil" onRetry={() => void me.refetch()} />;

  const passwordChanged = () => {
    setOpen((o) => o.filter((v) => v !== 'password'));
    if (params.has(CHANGE_PASSWORD_PARAM)) {
      params.delete(CHANGE_PASSWORD_PARAM);
      setParams(params, { replace: true, state: null });
    }
  };

  return (
    <>
      <PageHeader
        title="Mi perfil"
        description="Consulta y actualiza tus datos, tu foto y tu seguridad."
        // Wallet users have no help entry in their menu (spec §2): their help is reached from here.
        actions={
          me.data.kind === 'WAL' ? (
            <Button component={Link} to="/help" variant="light" leftSection={<IconLifebuoy size={16} />}>
              Ayuda
            </Button>
          ) : undefined
        }
      />
      {forced ? null : notice ? (
        <Alert color={notice.color} variant="light" icon={<IconInfoCircle size={18} />} mb="md">
          {notice.message}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PhotoCard me={me.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            {/* Remounted when the saved data changes, so the form starts from what the server holds. */}
            {/* A business user's form depends on the kind of person their business is; the rest of the page does not wait for it. */}
            {forced ? null : me.data.kind === 'BUS' && business.isPending ? (
              <Skeleton h={240} />
            ) : me.data.kind === 'BUS' && business.isError ? (
              <ErrorAlert error={business.error} title="No fue posible cargar los datos de tu empresa" onRetry={() => void business.refetch()} />
            ) : (
              <>
                {moral ? <CompanyCard business={business.data!} /> : null}
                <PersonalDataForm key={JSON.stringify(me.data)} me={me.data} moral={moral} />
              </>
            )}
            <Paper withBorder p="lg">
              <Title order={2} fz="lg" mb="sm">
                Seguridad
              </Title>
              <Accordion multiple value={open} onChange={setOpen} variant="separated">
                <Accordion.Item value="password">
                  <Accordion.Control icon={<IconLock size={18} />}>Cambiar contraseña</Accordion.Control>
                  <Accordion.Panel>
                    <ChangePasswordForm required={forced} onDone={passwordChanged} />
                  </Accordion.Panel>
                </Accordion.Item>
                {me.data.kind === 'WAL' && !forced && canEdit ? (
                  <Accordion.Item value="pin">
                    <Accordion.Control icon={<IconKey size={18} />}>
                      NIP de 4 dígitos{' '}
                      <Text span size="xs" c={me.data.hasPin ? 'green.9' : 'orange.9'}>
                        · {me.data.hasPin ? 'configurado' : 'sin configurar'}
                      </Text>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <PinForm key={String(me.data.hasPin)} hasPin={me.data.hasPin} />
                    </Accordion.Panel>
                  </Accordion.Item>
                ) : null}
              </Accordion>
            </Paper>
            {forced ? null : <NotificationPreferencesCard canEdit={canEdit} />}
            {!forced && me.data.kind === 'WAL' ? (
              <>
                {canEdit ? walletSettings : null}
                <AddressCard userId={me.data.v_uid} canEdit={canEdit} />
                <Paper withBorder p="lg" data-testid="my-beneficiaries">
                  <Title order={2} fz="lg" mb="sm">
                    Beneficiarios
                  </Title>
                  <Beneficiaries owner={{}} canEdit={canEdit} />
                </Paper>
              </>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      {!forced && me.data.kind === 'BUS' && canEdit ? (
        <Paper withBorder p="lg" mt="lg" data-testid="my-business-users">
          <Title order={2} fz="lg">
            Usuarios de mi empresa
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Invita a las personas de tu empresa que usarán el portal; recibirán una contraseña temporal por correo. También puedes desactivarlas o
            desbloquearlas.
          </Text>
          <BusinessUsers canInvite canChangeStatus selfId={me.data.v_uid} />
        </Paper>
      ) : null}
      {!forced && me.data.kind === 'BUS' ? <ApiKeysSection canEdit={canEdit} /> : null}
      {!forced && me.data.kind === 'BUS' ? <WebhooksSection canEdit={canEdit} /> : null}
      {!forced && me.data.kind === 'BUS' ? <CardAuthSection /> : null}
    </>
  );
}
