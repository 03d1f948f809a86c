import type { UserAction } from '@far/contracts';
import { WalletUserListItem } from '@far/contracts';
import { Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import type { ReactNode } from 'react';
import { type Column } from '../../components/data-table';
import { datedStatusColumns, personColumn } from '../../components/people-columns';
import { ListScaffold, fromPage, useListState } from '../../components/list-scaffold';
import type { PanelSlots } from '../../components/panel-slots';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { LifecycleButtons, lifecycleBulk, permittedActions } from '../../components/lifecycle-actions';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { useCan } from '../../lib/api/get-menu-permissions';
import { date, dateTime, fullName } from '../../lib/format';
import { LIFECYCLE_TEXT, lifecycleOf } from '../../lib/lifecycle';
import { useWalletUser } from './api/get-wallet-user';
import { useWalletUsers } from './api/list-wallet-users';
import { useWalletUserActions } from './api/wallet-user-actions';
import { ListFilters, NO_PEOPLE_FILTERS, peopleQuery } from '../../components/list-filters';
import { notifyActionFailed } from '../../lib/notify';

const SCREEN = '/user/wallet';
const NOUN = { one: 'usuario', many: 'usuarios' };
type Row = z.infer<typeof WalletUserListItem>;
type Action = UserAction;

const nameOf = (u: { Name: string; LastName: string | null; SecondLastName: string | null }) =>
  fullName({ v_names: u.Name, v_last_name_1: u.LastName, v_last_name_2: u.SecondLastName });

function WalletUserDetailBody({
  id,
  canStatus,
  Beneficiaries,
  walletPanel,
}: {
  id: string;
  canStatus: boolean;
  Beneficiaries: PanelSlots['Beneficiaries'];
  walletPanel?: (userId: string) => ReactNode;
}) {
  const detail = useWalletUser(id);
  const act = useWalletUserActions();
  if (detail.isPending) return <Skeleton h={480} />;
  if (detail.isError) return <ErrorAlert error={detail.error} title="No fue posible cargar el usuario" onRetry={() => void detail.refetch()} />;
  const u = detail.data;
  const a = u.Address;
  const run = (action: Action) =>
    act.mutate(
      { Action: action, Ids: [u.Id] },
      {
        onSuccess: () => notifications.show({ color: 'green', message: `Se ${LIFECYCLE_TEXT[action].one} a ${u.Email}.` }),
        onError: notifyActionFailed,
      },
    );
  return (
    <Stack gap="lg" data-testid="wallet-user-detail">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={3} fz="lg">
            {nameOf(u)}
          </Title>
          <Text size="sm" c="dimmed">
            {u.ClientNumber} · {u.Email}
          </Text>
        </Stack>
        <StatusBadge status={u.Status.Name} />
      </Group>
      {canStatus ? (
        <LifecycleButtons
          state={lifecycleOf(u.Status)}
          subject={`al usuario ${u.Email}`}
          onRun={(x) => run(x)}
          pending={act.isPending ? act.variables?.Action : null}
          size="xs"
        />
      ) : null}
      <Divider label="Datos personales" labelPosition="left" />
      <DetailGrid
        cols={2}
        items={[
          { label: 'Correo electrónico', value: u.Email },
          { label: 'Correo alternativo', value: u.AltEmail },
          { label: 'Teléfono celular', value: u.Mobile ? `${u.MobileCode} ${u.Mobile}` : null },
          { label: 'Fecha de nacimiento', value: u.DateOfBirth ? date(u.DateOfBirth.slice(0, 10)) : null },
          { label: 'CURP', value: u.Curp },
          { label: 'RFC', value: u.Rfc },
          { label: 'Ocupación', value: u.Occupation },
        ]}
      />
      <Divider label="Domicilio" labelPosition="left" />
      {a ? (
        <DetailGrid
          cols={2}
          testId="wallet-user-address"
          items={[
            { label: 'Calle', value: a.v_street },
            { label: 'Número exterior', value: a.v_number_outside },
            { label: 'Número interior', value: a.v_number_indoor },
            { label: 'Código postal', value: a.v_zip_code },
            { label: 'Colonia', value: a.v_colony },
            { label: 'Municipio o alcaldía', value: a.v_municipallity },
            { label: 'Ciudad', value: a.v_city },
            { label: 'Estado', value: a.v_state },
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed" data-testid="wallet-user-no-address">
          El usuario aún no registra su domicilio.
        </Text>
      )}
      <Divider label="Historial" labelPosition="left" />
      <DetailGrid
        cols={2}
        items={[
          { label: 'Alta', value: dateTime(u.CreatedAt) },
          { label: 'Activación', value: u.ActivedAt ? dateTime(u.ActivedAt) : null },
          { label: 'Desactivación', value: u.DeActivedAt ? dateTime(u.DeActivedAt) : null },
          { label: 'Bloqueo', value: u.BlockedAt ? dateTime(u.BlockedAt) : null },
          { label: 'Desbloqueo', value: u.UnBlockedAt ? dateTime(u.UnBlockedAt) : null },
          { label: 'Aceptación de términos', value: u.TermsAcceptedAt ? dateTime(u.TermsAcceptedAt) : null },
        ]}
      />
      <Divider label="Beneficiarios" labelPosition="left" />
      <Beneficiaries owner={{ v_uid_user: u.Id }} canEdit={false} />
      {walletPanel ? (
        <>
          <Divider label="Saldo y movimientos" labelPosition="left" />
          {walletPanel(u.Id)}
        </>
      ) : null}
    </Stack>
  );
}

/** Usuarios Wallet: the people with a wallet, their detail (with address) and their status. */
/** `walletPanel`: the wallet's balance and movements, read-only (features/wallet, joined by the router). */
export function WalletUsersPage({
  panels: { Beneficiaries },
  walletPanel,
}: {
  panels: Pick<PanelSlots, 'Beneficiaries'>;
  walletPanel?: (userId: string) => ReactNode;
}) {
  const canStatus = useCan(SCREEN, 'Desactivar');
  const canDelete = useCan(SCREEN, 'Borrar');
  const list = useListState(NO_PEOPLE_FILTERS);
  const query = useWalletUsers(peopleQuery(list));
  const bulk = lifecycleBulk({
    actions: permittedActions(canStatus, canDelete),
    statusOf: (u: Row) => lifecycleOf(u.Status),
    getId: (u) => u.Id,
    mutation: useWalletUserActions(),
    noun: NOUN,
    onDone: () => list.setSelected(new Set()),
  });

  const columns: Column<Row>[] = [
    personColumn<Row>('Nombre', nameOf),
    { key: 'client', header: 'Número de cliente', render: (u) => <Text size="sm">{u.ClientNumber}</Text> },
    { key: 'mobile', header: 'Teléfono celular', render: (u) => <Text size="sm">{u.Mobile ?? '—'}</Text> },
    ...datedStatusColumns<Row>(),
  ];

  return (
    <>
      <PageHeader title="Usuarios Wallet" description="Las personas con una cuenta Wallet: sus datos, su domicilio y su estatus." />
      <ListScaffold
        testId="wallet-users-table"
        list={list}
        query={query}
        page={fromPage(query.data)}
        columns={columns}
        getRowId={(u) => u.Id}
        filters={<ListFilters list={list} searchLabel="Buscar usuario" searchPlaceholder="Nombre, correo, celular o n.º de cliente" searchWidth={340} />}
        emptyText="Aún no hay usuarios Wallet"
        filteredEmptyText="Ningún usuario coincide con los filtros"
        bulk={bulk}
        detail={{
          title: () => 'Detalle del usuario Wallet',
          label: (u) => `Ver ${u.Email}`,
          render: (u) => <WalletUserDetailBody id={u.Id} canStatus={canStatus} Beneficiaries={Beneficiaries} walletPanel={walletPanel} />,
        }}
      />
    </>
  );
}
