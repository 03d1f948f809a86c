import type { BusinessListItem, StatusFilterName } from '@far/contracts';
import { ActionIcon, Button, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconMapPin, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type Column } from '../../components/data-table';
import { BulkActionBar } from '../../components/lifecycle-actions';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { DateText } from '../../components/value-text';
import { useCan } from '../../lib/api/get-menu-permissions';
import { integer } from '../../lib/format';
import { type LifecycleAction } from '../../lib/lifecycle';
import { useBusinessActions } from './api/business-actions';
import { useBusinesses } from './api/list-businesses';
import { BUSINESS_SCREEN } from './business-create-page';
import { ListFilters } from '../../components/list-filters';
import { notifyActionFailed, notifyBulkDone } from '../../lib/notify';

const PAGE_SIZE = 10;
const NOUN = { one: 'empresa', many: 'empresas' };
export const POSTAL_CODES_PATH = `${BUSINESS_SCREEN}/codigos-postales`;

/** Cuentas Business: every business with its CLABE, users and status; onboarding and bulk status changes. */
export function BusinessesPage() {
  const navigate = useNavigate();
  const canAdd = useCan(BUSINESS_SCREEN, 'Agregar');
  const canStatus = useCan(BUSINESS_SCREEN, 'Desactivar');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilterName | null>(null);
  const [debounced] = useDebouncedValue(search, 350);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const list = useBusinesses({ Page: page, Size: PAGE_SIZE, Search: debounced, Status: status });
  const act = useBusinessActions();

  const runBulk = (action: LifecycleAction | 'borrar') => {
    if (action === 'borrar') return;
    act.mutate(
      { Action: action, Ids: [...selected] },
      {
        onSuccess: ({ Affected }) => {
          setSelected(new Set());
          notifyBulkDone(action, Affected, NOUN);
        },
        onError: notifyActionFailed,
      },
    );
  };

  const columns: Column<BusinessListItem>[] = [
    { key: 'account', header: 'Cuenta CLABE', render: (b) => <Text size="sm" ff="monospace">{b.AccountNumber}</Text> },
    {
      key: 'name',
      header: 'Nombre',
      render: (b) => (
        <Text size="sm" fw={600}>
          {b.Name}
        </Text>
      ),
    },
    { key: 'created', header: 'Fecha de alta', render: (b) => <DateText size="sm" value={b.CreationDate} /> },
    { key: 'users', header: 'Usuarios', align: 'right', render: (b) => integer(b.RegisteredUsers) },
    { key: 'status', header: 'Estatus', render: (b) => <StatusBadge status={b.Status.Name} /> },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (b) => (
        <Tooltip label="Ver detalle">
          <ActionIcon variant="subtle" aria-label={`Ver ${b.Name}`} onClick={() => navigate(`${BUSINESS_SCREEN}/${b.Id}`)}>
            <IconEye size={18} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Cuentas Business"
        description="Las empresas clientes: su cuenta CLABE, sus usuarios, sus documentos y su estatus."
        actions={
          <>
            <Button variant="default" component={Link} to={POSTAL_CODES_PATH} leftSection={<IconMapPin size={16} />}>
              Códigos postales
            </Button>
            {canAdd ? (
              <Button component={Link} to={`${BUSINESS_SCREEN}/nueva`} leftSection={<IconPlus size={16} />}>
                Nueva empresa
              </Button>
            ) : null}
          </>
        }
      />
      <ListFilters
        searchLabel="Buscar empresa"
        searchPlaceholder="Buscar por nombre, RFC o cuenta CLABE"
        searchWidth={340}
        search={search}
        onSearch={(v) => {
          setSearch(v);
          setPage(1);
        }}
        status={status}
        onStatus={(v) => {
          setStatus(v);
          setPage(1);
          setSelected(new Set());
        }}
        mb="md"
      >
        <BulkActionBar
          count={selected.size}
          actions={canStatus ? ['activar', 'desactivar', 'bloquear', 'desbloquear'] : []}
          noun={NOUN}
          pending={act.isPending ? act.variables?.Action : null}
          onRun={runBulk}
        />
      </ListFilters>
      <DataTable
        testId="businesses-table"
        columns={columns}
        rows={list.data?.Records}
        getRowId={(b) => b.Id}
        loading={list.isFetching}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        selection={canStatus ? { selected, onChange: setSelected } : undefined}
        paging={list.data ? { page: list.data.Page, totalPages: list.data.TotalPages, total: list.data.TotalRecords, onPageChange: setPage } : undefined}
      />
    </>
  );
}
