import type { ClabeAccount } from '@far/contracts';
import { ActionIcon, Badge, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconCircleOff, IconPencil, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { type Column } from '../../components/data-table';
import { ListScaffold, fromPage, useListState } from '../../components/list-scaffold';
import { PageHeader } from '../../components/page-header';
import { MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { apiCents } from '../../lib/money';
import { useEditClabeAccount } from './api/edit-clabe-account';
import { useClabeAccounts } from './api/list-clabe-accounts';
import { ClabeAccountDetail } from './clabe-account-detail';
import { ClabeAccountForm } from './clabe-account-form';
import { USAGE_SCOPE_LABELS, USAGE_SCOPE_SHORT } from './labels';

const SCREEN = '/account';
/** Spec §9: the account registry pages 5 at a time. */
export const ACCOUNTS_PAGE_SIZE = 5;

type Dialog = { mode: 'create' } | { mode: 'edit'; account: ClabeAccount } | null;
type StatusFilter = 'all' | 'active' | 'inactive';

/** Alta de cuentas: the business's registry of beneficiary CLABE accounts. */
export function AccountsPage() {
  const canAdd = useCan(SCREEN, 'Agregar');
  const canEdit = useCan(SCREEN, 'Editar');
  const canDeactivate = useCan(SCREEN, 'Desactivar');

  const list = useListState<{ search: string; status: StatusFilter }>({ search: '', status: 'all' }, { size: ACCOUNTS_PAGE_SIZE });
  const [dialog, setDialog] = useState<Dialog>(null);
  const { search, status } = list.applied;
  const accounts = useClabeAccounts({ Page: list.page, Size: list.size, Search: search, IsActive: status === 'all' ? undefined : status === 'active' });
  const edit = useEditClabeAccount();

  const toggleActive = (a: ClabeAccount) => {
    const activate = !a.IsActive;
    openConfirmDialog({
      title: activate ? 'Reactivar cuenta' : 'Desactivar cuenta',
      message: activate
        ? `¿Reactivar la cuenta «${a.Alias}» (terminación ${a.Clabe.slice(-4)})? Podrás volver a enviarle transferencias.`
        : `¿Desactivar la cuenta «${a.Alias}» (terminación ${a.Clabe.slice(-4)})? Ya no podrás elegirla para enviar transferencias; las enviadas no cambian.`,
      confirmLabel: activate ? 'Reactivar' : 'Desactivar',
      danger: !activate,
      onConfirm: () =>
        edit.mutate(
          { Id: a.Id, IsActive: activate },
          {
            onSuccess: () => notifications.show({ color: 'green', message: `La cuenta «${a.Alias}» se ${activate ? 'reactivó' : 'desactivó'}.` }),
            onError: (e) => notifications.show({ color: 'red', title: 'No se aplicó el cambio', message: errorText(e) }),
          },
        ),
    });
  };

  const columns: Column<ClabeAccount>[] = [
    {
      key: 'alias',
      stack: 'title',
      header: 'Alias',
      sortValue: (a) => a.Alias,
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {a.Alias}
          </Text>
          <Text size="xs" c="dimmed">
            {a.AccountHolderName}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'clabe',
      header: 'CLABE',
      render: (a) => (
        <Text size="sm" className="tabular">
          {a.Clabe}
        </Text>
      ),
    },
    { key: 'bank', header: 'Institución', sortValue: (a) => a.NameFinancialInstitution, render: (a) => <Text size="sm">{a.NameFinancialInstitution}</Text> },
    {
      key: 'scope',
      header: 'Uso',
      render: (a) => (
        <Text size="sm" title={USAGE_SCOPE_LABELS[a.ClabeUsageScope]}>
          {USAGE_SCOPE_SHORT[a.ClabeUsageScope]}
        </Text>
      ),
    },
    {
      key: 'limit',
      header: 'Límite diario',
      align: 'right',
      sortValue: (a) => apiCents(a.DailyTransferLimit),
      render: (a) =>
        a.DailyTransferLimit === null ? (
          <Text size="sm" c="dimmed">
            Sin límite
          </Text>
        ) : (
          <MoneyText size="sm" cents={apiCents(a.DailyTransferLimit)} />
        ),
    },
    {
      key: 'status',
      stack: 'status',
      header: 'Estatus',
      render: (a) => (
        <Badge color={a.IsActive ? 'green' : 'gray'} variant="light" miw="max-content">
          {a.IsActive ? 'Activa' : 'Inactiva'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (a) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canEdit && a.IsActive ? (
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar ${a.Alias}`} onClick={() => setDialog({ mode: 'edit', account: a })}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {canDeactivate ? (
            <Tooltip label={a.IsActive ? 'Desactivar' : 'Reactivar'}>
              <ActionIcon
                variant="subtle"
                color={a.IsActive ? 'red' : 'green'}
                aria-label={`${a.IsActive ? 'Desactivar' : 'Reactivar'} ${a.Alias}`}
                onClick={() => toggleActive(a)}
              >
                {a.IsActive ? <IconCircleOff size={18} /> : <IconCircleCheck size={18} />}
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Alta de cuentas"
        description="Las cuentas CLABE a las que tu empresa envía transferencias SPEI."
        actions={
          <>
            {/* The cards area (issue 9) lives in sub-routes of this menu entry. */}
            <Button component={Link} to="/account/cards" variant="default">
              Tarjetas y tarjetahabientes
            </Button>
            {canAdd ? (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ mode: 'create' })}>
                Nueva cuenta
              </Button>
            ) : null}
          </>
        }
      />
      <ListScaffold
        testId="clabe-accounts-table"
        list={list}
        query={accounts}
        page={fromPage(accounts.data)}
        columns={columns}
        getRowId={(a) => a.Id}
        emptyText="Aún no registras cuentas"
        filteredEmptyText="Sin cuentas que coincidan"
        detail={{
          title: (a) => a.Alias,
          label: (a) => `Ver la cuenta ${a.Alias}`,
          render: (a, close) => (
            <ClabeAccountDetail
              account={a}
              onEdit={
                canEdit
                  ? () => {
                      close();
                      setDialog({ mode: 'edit', account: a });
                    }
                  : undefined
              }
              onToggleActive={
                canDeactivate
                  ? () => {
                      close();
                      toggleActive(a);
                    }
                  : undefined
              }
            />
          ),
        }}
        filters={
          <Group justify="space-between" wrap="wrap" w="100%">
            <TextInput
              aria-label="Buscar cuentas"
              placeholder="Buscar por alias, titular, CLABE o banco"
              leftSection={<IconSearch size={16} />}
              value={list.filters.search}
              onChange={(e) => list.setFilter({ search: e.currentTarget.value })}
              w={{ base: '100%', sm: 360 }}
            />
            <SegmentedControl
              aria-label="Estatus"
              value={list.filters.status}
              onChange={(v) => list.setFilter({ status: v as StatusFilter })}
              data={[
                { value: 'all', label: 'Todas' },
                { value: 'active', label: 'Activas' },
                { value: 'inactive', label: 'Inactivas' },
              ]}
            />
          </Group>
        }
      />
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog?.mode === 'edit' ? 'Editar cuenta' : 'Nueva cuenta CLABE'}
        size="xl"
        centered
      >
        {dialog ? (
          <ClabeAccountForm
            key={dialog.mode === 'edit' ? dialog.account.Id : 'new'}
            account={dialog.mode === 'edit' ? dialog.account : undefined}
            onDone={() => setDialog(null)}
            onCancel={() => setDialog(null)}
          />
        ) : null}
      </Modal>
    </>
  );
}
