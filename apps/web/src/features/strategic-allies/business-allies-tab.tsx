import { STATUS_IDS } from '@far/contracts';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconLinkOff, IconUserPlus, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { IconAction } from '../../components/icon-action';
import { CommentDialog } from '../../components/comment-dialog';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type Column } from '../../components/data-table';
import { REQUIRED_MARK } from '../../components/required-mark';
import { StatusBadge } from '../../components/status-badge';
import { DateText } from '../../components/value-text';
import { errorText, isApiError } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { fullName } from '../../lib/format';
import { useCreateStrategicAlly } from './api/create-strategic-ally';
import { useWalletUser } from './api/get-wallet-user';
import { useStrategicAllies, type StrategicAllyData } from './api/list-strategic-allies';
import { useWalletUserSearch } from './api/search-wallet-users';
import { useUpdateStrategicAlly } from './api/update-strategic-ally';
import { notifyActionFailed } from '../../lib/notify';

/** Allies are wallet users: the server guards these calls with the Usuarios Wallet permissions. */
const SCREEN = '/user/wallet';
const PAGE_SIZE = 10;

/** The ally's wallet user: name, and the e-mail once its record loads. */
function AllyPerson({ ally }: { ally: StrategicAllyData }) {
  const user = useWalletUser(ally.v_uid_user_wallet);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {ally.v_names}
      </Text>
      {user.data ? (
        <Text size="xs" c="dimmed" data-testid="ally-email">
          {user.data.Email}
        </Text>
      ) : null}
    </Stack>
  );
}

interface RfcWarning {
  RequiresConfirmation: true;
}
const isRfcWarning = (data: unknown): data is RfcWarning =>
  typeof data === 'object' && data !== null && (data as { RequiresConfirmation?: unknown }).RequiresConfirmation === true;

/** «Vincular usuario Wallet»: pick a wallet user (searchable) and, optionally, their RFC. */
function LinkDialog({ businessId, opened, onClose }: { businessId: string; opened: boolean; onClose: () => void }) {
  const create = useCreateStrategicAlly();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [walletId, setWalletId] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const [rfc, setRfc] = useState('');
  const [userError, setUserError] = useState<string | null>(null);
  const [rfcError, setRfcError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  // Choosing an option writes its label into the search box: that is not a new search.
  const term = picked && debounced === picked.label ? '' : debounced;
  const users = useWalletUserSearch(term, opened);
  const found = (users.data?.Records ?? []).map((u) => ({
    value: u.Id,
    label: `${fullName({ v_names: u.Name, v_last_name_1: u.LastName, v_last_name_2: u.SecondLastName })} · ${u.Email}`,
  }));
  const options = picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;

  const reset = () => {
    setSearch('');
    setWalletId(null);
    setPicked(null);
    setRfc('');
    setUserError(null);
    setRfcError(null);
    setFormError(null);
    setWarning(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const send = (confirm: boolean) => {
    if (!walletId) return setUserError('Este campo es requerido');
    setFormError(null);
    create.mutate(
      { v_uid_user_wallet: walletId, v_uid_user_business: businessId, v_rfc: rfc.trim() ? rfc.trim().toUpperCase() : undefined, ConfirmRfcWarning: confirm },
      {
        onSuccess: (ally) => {
          notifications.show({ color: 'green', message: `Se registró la solicitud de ${ally.v_names}; queda pendiente de aprobación.` });
          close();
        },
        onError: (err) => {
          if (isApiError(err) && isRfcWarning(err.data)) return setWarning(err.message);
          const fields = isApiError(err) ? err.fieldErrors : [];
          const onRfc = fields.find((f) => f.field === 'v_rfc');
          const onUser = fields.find((f) => f.field === 'v_uid_user_wallet');
          if (onRfc) setRfcError(onRfc.message);
          if (onUser) setUserError(onUser.message);
          if (!onRfc && !onUser) setFormError(errorText(err));
        },
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(false);
  };

  return (
    <Modal opened={opened} onClose={close} title="Vincular usuario Wallet" centered>
      <form onSubmit={submit} noValidate data-testid="form-ally-link">
        <Stack gap="md">
          <Select
            label="Usuario Wallet"
            {...REQUIRED_MARK}
            placeholder="Busca por nombre o correo"
            searchable
            clearable
            data={options}
            value={walletId}
            onChange={(v, option) => {
              setWalletId(v);
              setPicked(v && option ? { value: v, label: option.label } : null);
              setUserError(null);
              setWarning(null);
            }}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: o }) => o}
            nothingFoundMessage={users.isFetching ? 'Buscando…' : 'Sin resultados'}
            error={userError ?? (users.isError ? errorText(users.error) : null)}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="RFC (opcional)"
            description="Si no se indica, se usa el RFC del usuario Wallet."
            maxLength={13}
            value={rfc}
            onChange={(e) => {
              setRfc(e.currentTarget.value);
              setRfcError(null);
              setWarning(null);
            }}
            error={rfcError}
          />
          {warning ? (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Revisa el RFC" data-testid="ally-rfc-warning">
              <Stack gap="xs">
                <Text size="sm">{warning}</Text>
                <Group>
                  <Button size="xs" color="yellow" onClick={() => send(true)} loading={create.isPending}>
                    Vincular de todos modos
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          {formError ? (
            <Alert color="red" data-testid="ally-link-error">
              {formError}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Vincular
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** «Rechazar»: the reason is required. */
function RejectDialog({ ally, onClose }: { ally: StrategicAllyData | null; onClose: () => void }) {
  const update = useUpdateStrategicAlly();
  return (
    <CommentDialog
      opened={ally !== null}
      title={`Rechazar a ${ally?.v_names ?? ''}`}
      label="Motivo del rechazo"
      emptyMessage="Indica el motivo del rechazo"
      submitLabel="Rechazar solicitud"
      danger
      loading={update.isPending}
      testId="form-ally-reject"
      onClose={onClose}
      onSubmit={(text, { done, fail }) =>
        ally &&
        update.mutate(
          { id: ally.v_uid, v_uid_status: STATUS_IDS.rechazado, t_comment: text },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: `Se rechazó la solicitud de ${ally.v_names}.` });
              done();
            },
            onError: (err) => fail(err.fieldErrors.find((f) => f.field === 't_comment')?.message ?? errorText(err)),
          },
        )
      }
    />
  );
}

/** The business detail's «Aliados estratégicos» tab: wallet users linked to the business. */
export function BusinessAlliesTab({ businessId }: { businessId: string }) {
  const [page, setPage] = useState(1);
  const [linking, setLinking] = useState(false);
  const [rejecting, setRejecting] = useState<StrategicAllyData | null>(null);
  const list = useStrategicAllies({ businessId, Page: page, Size: PAGE_SIZE });
  const update = useUpdateStrategicAlly();
  const canAdd = useCan(SCREEN, 'Agregar');
  const canEdit = useCan(SCREEN, 'Editar');
  const canUnlink = useCan(SCREEN, 'Desvincular');

  const move = (ally: StrategicAllyData, status: 'activo' | 'inactivo') => {
    const approve = status === 'activo';
    openConfirmDialog({
      title: approve ? 'Aprobar aliado estratégico' : 'Desvincular aliado estratégico',
      message: approve ? `¿Vincular a ${ally.v_names} como aliado estratégico de la empresa?` : `¿Desvincular a ${ally.v_names} de la empresa?`,
      confirmLabel: approve ? 'Aprobar' : 'Desvincular',
      danger: !approve,
      onConfirm: () =>
        update.mutate(
          { id: ally.v_uid, v_uid_status: STATUS_IDS[status] },
          {
            onSuccess: () =>
              notifications.show({ color: 'green', message: approve ? `${ally.v_names} quedó vinculado a la empresa.` : `Se desvinculó a ${ally.v_names}.` }),
            onError: notifyActionFailed,
          },
        ),
    });
  };

  const columns: Column<StrategicAllyData>[] = [
    { key: 'user', stack: 'title', header: 'Usuario Wallet', render: (a) => <AllyPerson ally={a} /> },
    {
      key: 'rfc',
      header: 'RFC',
      render: (a) => (
        <Text size="sm" className="tabular">
          {a.v_rfc ?? '—'}
        </Text>
      ),
    },
    { key: 'status', stack: 'status', header: 'Estatus', render: (a) => <StatusBadge status={a.v_status} /> },
    { key: 'application', header: 'Solicitud', render: (a) => <DateText size="sm" value={a.d_application_at} withTime /> },
    { key: 'binding', header: 'Vinculación', render: (a) => <DateText size="sm" value={a.d_binding_at} withTime data-testid="ally-binding" /> },
  ];
  if (canEdit || canUnlink) {
    columns.push({
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (a) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEdit && a.v_status === 'pendiente' ? (
            <>
              <IconAction tip="Aprobar" label={`Aprobar ${a.v_names}`} color="green" icon={IconCheck} onClick={() => move(a, 'activo')} />
              <IconAction tip="Rechazar" label={`Rechazar ${a.v_names}`} color="orange" icon={IconX} onClick={() => setRejecting(a)} />
            </>
          ) : null}
          {canUnlink && a.v_status === 'activo' ? (
            <IconAction tip="Desvincular" label={`Desvincular ${a.v_names}`} color="red" icon={IconLinkOff} onClick={() => move(a, 'inactivo')} />
          ) : null}
        </Group>
      ),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} fz="md">
          Aliados estratégicos
        </Title>
        {canAdd ? (
          <Button size="xs" leftSection={<IconUserPlus size={14} />} onClick={() => setLinking(true)}>
            Vincular usuario Wallet
          </Button>
        ) : null}
      </Group>
      <DataTable
        testId="allies-table"
        columns={columns}
        rows={list.data?.Records}
        getRowId={(a) => a.v_uid}
        loading={list.isFetching}
        error={list.isError ? list.error : undefined}
        onRetry={() => void list.refetch()}
        emptyText="La empresa no tiene aliados estratégicos"
        paging={list.data ? { page, totalPages: list.data.TotalPages, total: list.data.TotalRecords, onPageChange: setPage } : undefined}
      />
      <LinkDialog businessId={businessId} opened={linking} onClose={() => setLinking(false)} />
      <RejectDialog ally={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
