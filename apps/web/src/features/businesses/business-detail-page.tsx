import type { BusinessDetail } from '@far/contracts';
import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, List, Paper, Skeleton, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBuilding,
  IconCheck,
  IconKey,
  IconFileText,
  IconInfoCircle,
  IconPencil,
  IconTrash,
  IconUsers,
  IconUserShield,
  IconHeartHandshake,
  IconShieldCheck,
  IconX,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { ClabeRegistrationBadge } from '../../components/clabe-registration';
import { DetailGrid } from '../../components/detail-grid';
import type { PanelSlots } from '../../components/panel-slots';
import { ErrorAlert } from '../../components/error-alert';
import { LifecycleButtons } from '../../components/lifecycle-actions';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { errorText } from '../../lib/api-client';
import { useMe } from '../../lib/api/get-me';
import { useCan } from '../../lib/api/get-menu-permissions';
import { dateTime, integer } from '../../lib/format';
import { LIFECYCLE_TEXT, lifecycleOf, type LifecycleAction } from '../../lib/lifecycle';
import { readNotice } from '../../lib/notice';
import { useBusinessActions } from './api/business-actions';
import { useDeleteBusiness } from './api/delete-business';
import { useBusiness } from './api/get-business';
import { useLegalRepresentative } from './api/get-legal-representative';
import { useDocuments } from './api/list-documents';
import { BUSINESS_SCREEN } from './business-create-page';
import { ApiKeysTab } from './api-keys-tab';
import { BusinessEditForm } from './business-edit-form';
import { PERSON_KIND_LABELS } from './business-fields';
import { businessDisplayName, kindOf } from './business-form';
import { CustomerIdForm } from './customer-id-form';
import { DispersionApprovalTab } from './dispersion-approval-tab';
import { DocumentsTab } from './documents-tab';
import { LegalRepresentativeTab } from './legal-representative-tab';
import { notifyActionFailed } from '../../lib/notify';

const TABS = ['datos', 'representante', 'documentos', 'beneficiarios', 'usuarios', 'autorizaciones', 'claves'] as const;

/**
 * A tab another feature adds to the business detail (the router composes it, since features do not
 * import each other). Reserved for «Configuración SPEI y límites»; nothing is built for it here.
 */
export interface BusinessDetailTab {
  value: string;
  label: string;
  icon?: ReactNode;
  render: (business: BusinessDetail) => ReactNode;
}

/** What the first activation still needs (decision 0005): legal representative (moral), an approved document, none pending. */
function ActivationChecklist({ business }: { business: BusinessDetail }) {
  const moral = kindOf(business.TypePerson) === 'moral';
  const rep = useLegalRepresentative(business.Id, moral);
  const docs = useDocuments(business.Id);
  if ((moral && rep.isPending) || docs.isPending) return <Skeleton h={96} />;
  const approved = (docs.data ?? []).filter((d) => d.v_status === 'activo').length;
  const pending = (docs.data ?? []).filter((d) => d.v_status === 'pendiente').length;
  const items: Array<{ ok: boolean; text: string }> = [
    ...(moral ? [{ ok: !!rep.data, text: 'Representante legal registrado' }] : []),
    { ok: approved > 0, text: `Al menos un documento aprobado (${integer(approved)})` },
    { ok: pending === 0, text: pending === 0 ? 'Ningún documento pendiente de revisión' : `Documentos pendientes de revisión: ${integer(pending)}` },
  ];
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} title="Para activar la empresa" mb="md" data-testid="activation-checklist">
      <List spacing={4} size="sm" center>
        {items.map((i) => (
          <List.Item
            key={i.text}
            icon={
              <ThemeIcon size={18} radius="xl" color={i.ok ? 'green' : 'gray'} variant={i.ok ? 'filled' : 'light'}>
                {i.ok ? <IconCheck size={12} /> : <IconX size={12} />}
              </ThemeIcon>
            }
          >
            {i.text}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function DataTab({ business, canEdit }: { business: BusinessDetail; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const b = business;
  const moral = kindOf(b.TypePerson) === 'moral';
  if (editing) return <BusinessEditForm key={b.Id} business={b} onDone={() => setEditing(false)} />;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={3} fz="md">
          Datos fiscales y de contacto
        </Title>
        {canEdit ? (
          <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
            Editar datos
          </Button>
        ) : null}
      </Group>
      <DetailGrid
        testId="business-data"
        items={[
          { label: 'Tipo de persona', value: PERSON_KIND_LABELS[kindOf(b.TypePerson)] },
          moral
            ? { label: 'Razón social', value: b.CompanyName }
            : { label: 'Nombre', value: [b.Name, b.LastName, b.SecondLastName].filter(Boolean).join(' ') },
          ...(moral ? [] : [{ label: 'Nombre comercial', value: b.CompanyName }]),
          { label: 'RFC', value: b.Rfc },
          ...(moral
            ? []
            : [
                { label: 'CURP', value: b.Curp },
                { label: 'Teléfono celular', value: b.Mobile ? `${b.MobileCode} ${b.Mobile}` : null },
              ]),
          { label: 'Correo electrónico', value: b.Email },
          { label: 'Número de cliente', value: b.ClientNumber },
          {
            label: 'Cuenta CLABE',
            value: (
              <Group gap={6} wrap="wrap">
                <Text span className="tabular" size="sm">
                  {b.AccountNumber}
                </Text>
                <ClabeRegistrationBadge businessId={b.Id} />
              </Group>
            ),
          },
          { label: 'Usuarios registrados', value: integer(b.RegisteredUsers) },
        ]}
      />
      <Title order={3} fz="md">
        Domicilio
      </Title>
      <DetailGrid
        items={[
          { label: 'Calle', value: b.Street },
          { label: 'Número exterior', value: b.ExteriorNumber },
          { label: 'Número interior', value: b.InteriorNumber },
          { label: 'Colonia', value: b.Neighborhood },
          { label: 'Código postal', value: b.PostalCode },
          { label: 'Municipio o alcaldía', value: b.Municipality },
          { label: 'Ciudad', value: b.City },
          { label: 'Estado', value: b.State },
        ]}
      />
      <Title order={3} fz="md">
        Historial
      </Title>
      <DetailGrid
        items={[
          { label: 'Alta', value: dateTime(b.CreatedAt) },
          { label: 'Activación', value: b.ActivedAt ? dateTime(b.ActivedAt) : null },
          { label: 'Desactivación', value: b.DeActivedAt ? dateTime(b.DeActivedAt) : null },
          { label: 'Bloqueo', value: b.BlockedAt ? dateTime(b.BlockedAt) : null },
          { label: 'Desbloqueo', value: b.UnBlockedAt ? dateTime(b.UnBlockedAt) : null },
        ]}
      />
      {canEdit ? (
        <>
          <Title order={3} fz="md">
            Procesador de tarjetas
          </Title>
          <CustomerIdForm key={b.CustomerId ?? ''} businessId={b.Id} current={b.CustomerId} />
        </>
      ) : (
        <DetailGrid items={[{ label: 'Número de cliente en el procesador de tarjetas', value: b.CustomerId }]} />
      )}
    </Stack>
  );
}

/** One business: its data, legal representative, documents, beneficiaries and users, and its status. */
export function BusinessDetailPage({ extraTabs = [], panels: { Beneficiaries, BusinessUsers } }: { extraTabs?: BusinessDetailTab[]; panels: PanelSlots }) {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const detail = useBusiness(id);
  const act = useBusinessActions();
  const remove = useDeleteBusiness();
  const canAdd = useCan(BUSINESS_SCREEN, 'Agregar');
  const canEdit = useCan(BUSINESS_SCREEN, 'Editar');
  const canDelete = useCan(BUSINESS_SCREEN, 'Borrar');
  const canStatus = useCan(BUSINESS_SCREEN, 'Desactivar');
  const [notice, setNotice] = useState(() => readNotice(location.state));
  const tabParam = params.get('tab');
  const tabValues: string[] = [...TABS, ...extraTabs.map((t) => t.value)];
  const tab = tabParam && tabValues.includes(tabParam) ? tabParam : 'datos';

  const crumbs = (
    <Breadcrumbs mb="sm">
      <Anchor component={Link} to={BUSINESS_SCREEN} size="sm">
        Cuentas Business
      </Anchor>
      <Text size="sm">Detalle de la empresa</Text>
    </Breadcrumbs>
  );
  if (detail.isPending) {
    return (
      <>
        {crumbs}
        <Skeleton h={36} w={360} mb="lg" />
        <Skeleton h={420} />
      </>
    );
  }
  if (detail.isError) {
    return (
      <>
        {crumbs}
        <ErrorAlert error={detail.error} title="No fue posible cargar la empresa" onRetry={() => void detail.refetch()} />
      </>
    );
  }

  const b = detail.data;
  const name = businessDisplayName(b);
  const state = lifecycleOf(b.Status.Name);
  const moral = kindOf(b.TypePerson) === 'moral';

  const run = (action: LifecycleAction) =>
    act.mutate(
      { Action: action, Ids: [b.Id] },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `Se ${LIFECYCLE_TEXT[action].one} la empresa ${name}.` }),
        onError: notifyActionFailed,
      },
    );
  const askDelete = () =>
    openConfirmDialog({
      title: 'Eliminar empresa',
      message: `¿Eliminar la empresa ${name}? Sus usuarios ya no podrán iniciar sesión. Los movimientos se conservan para la auditoría.`,
      confirmLabel: 'Eliminar',
      danger: true,
      onConfirm: () =>
        remove.mutate(b.Id, {
          onSuccess: () => navigate(BUSINESS_SCREEN, { replace: true }),
          onError: (e) => notifications.show({ color: 'red', title: 'No se eliminó la empresa', message: errorText(e) }),
        }),
    });

  return (
    <>
      {crumbs}
      <PageHeader
        title={name}
        description={
          <Group gap="xs" data-testid="record-header">
            <StatusBadge status={b.Status.Name} />
            <Badge variant="outline" color="gray">
              {PERSON_KIND_LABELS[kindOf(b.TypePerson)]}
            </Badge>
            <Text span size="sm" c="dimmed">
              {b.ClientNumber} · CLABE{' '}
              <Text span className="tabular" size="sm" data-testid="business-clabe">
                {b.AccountNumber}
              </Text>
            </Text>
          </Group>
        }
        actions={
          <Group gap="xs">
            {canStatus ? (
              <LifecycleButtons
                state={state}
                subject={`la empresa ${name}`}
                onRun={(a) => run(a as LifecycleAction)}
                pending={act.isPending ? act.variables?.Action : null}
              />
            ) : null}
            {canDelete && !state.active ? (
              <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={askDelete} loading={remove.isPending}>
                Eliminar
              </Button>
            ) : null}
          </Group>
        }
      />
      {notice ? (
        <Alert
          color={notice.color}
          variant="light"
          icon={<IconInfoCircle size={18} />}
          mb="md"
          withCloseButton
          onClose={() => setNotice(null)}
          data-testid="business-notice"
        >
          {notice.message}
        </Alert>
      ) : null}
      {!state.active && !b.ActivedAt ? <ActivationChecklist business={b} /> : null}

      <Paper withBorder p="lg">
        <Tabs value={tab} onChange={(v) => setParams(v && v !== 'datos' ? { tab: v } : {}, { replace: true, state: null })} keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="datos" leftSection={<IconBuilding size={16} />}>
              Datos
            </Tabs.Tab>
            <Tabs.Tab value="representante" leftSection={<IconUserShield size={16} />}>
              Representante legal
            </Tabs.Tab>
            <Tabs.Tab value="documentos" leftSection={<IconFileText size={16} />}>
              Documentos
            </Tabs.Tab>
            <Tabs.Tab value="beneficiarios" leftSection={<IconHeartHandshake size={16} />}>
              Beneficiarios
            </Tabs.Tab>
            <Tabs.Tab value="usuarios" leftSection={<IconUsers size={16} />}>
              Usuarios
            </Tabs.Tab>
            <Tabs.Tab value="autorizaciones" leftSection={<IconShieldCheck size={16} />}>
              Autorizaciones
            </Tabs.Tab>
            <Tabs.Tab value="claves" leftSection={<IconKey size={16} />}>
              Claves de API
            </Tabs.Tab>
            {/* Extension point: «Configuración SPEI y límites» arrives through `extraTabs` (see BusinessDetailTab). */}
            {extraTabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>

          <Tabs.Panel value="datos">
            <DataTab business={b} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="representante">
            <LegalRepresentativeTab businessId={b.Id} moral={moral} canAdd={canAdd} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="documentos">
            <DocumentsTab businessId={b.Id} canAdd={canAdd} canReview={canEdit} canDelete={canDelete} />
          </Tabs.Panel>
          <Tabs.Panel value="beneficiarios">
            <Beneficiaries owner={{ v_uid_business: b.Id }} canEdit={canEdit && canAdd} />
          </Tabs.Panel>
          <Tabs.Panel value="usuarios">
            <BusinessUsers businessId={b.Id} canInvite={canAdd} canChangeStatus={canStatus} selfId={me.data?.v_uid} allowBlock />
          </Tabs.Panel>
          <Tabs.Panel value="autorizaciones">
            <DispersionApprovalTab businessId={b.Id} canEdit={canEdit} />
          </Tabs.Panel>
          <Tabs.Panel value="claves">
            <ApiKeysTab businessId={b.Id} canRevoke={canEdit} />
          </Tabs.Panel>
          {extraTabs.map((t) => (
            <Tabs.Panel key={t.value} value={t.value}>
              {t.render(b)}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
    </>
  );
}
