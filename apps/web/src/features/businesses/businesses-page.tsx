import type { BusinessListItem } from '@far/contracts';
import { Button, Text } from '@mantine/core';
import { IconEye, IconMapPin, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { IconAction } from '../../components/icon-action';
import { type Column } from '../../components/data-table';
import { STATUS_ACTIONS, lifecycleBulk } from '../../components/lifecycle-actions';
import { ListScaffold, fromPage, useListState } from '../../components/list-scaffold';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { DateText } from '../../components/value-text';
import { useCan } from '../../lib/api/get-menu-permissions';
import { integer } from '../../lib/format';
import { lifecycleOf } from '../../lib/lifecycle';
import { useBusinessActions } from './api/business-actions';
import { useBusinesses } from './api/list-businesses';
import { BUSINESS_SCREEN } from './business-create-page';
import { ListFilters, NO_PEOPLE_FILTERS, peopleQuery } from '../../components/list-filters';

const NOUN = { one: 'empresa', many: 'empresas' };
export const POSTAL_CODES_PATH = `${BUSINESS_SCREEN}/codigos-postales`;

/** Cuentas Business: every business with its CLABE, users and status; onboarding and bulk status changes. */
export function BusinessesPage() {
  const navigate = useNavigate();
  const canAdd = useCan(BUSINESS_SCREEN, 'Agregar');
  const canStatus = useCan(BUSINESS_SCREEN, 'Desactivar');
  const list = useListState(NO_PEOPLE_FILTERS);
  const query = useBusinesses(peopleQuery(list));
  const bulk = lifecycleBulk({
    actions: canStatus ? STATUS_ACTIONS : [],
    statusOf: (b: BusinessListItem) => lifecycleOf(b.Status),
    getId: (b) => b.Id,
    mutation: useBusinessActions(),
    noun: NOUN,
    onDone: () => list.setSelected(new Set()),
  });

  const columns: Column<BusinessListItem>[] = [
    {
      key: 'account',
      header: 'Cuenta CLABE',
      sortField: 'AccountNumber',
      render: (b) => (
        <Text size="sm" className="tabular">
          {b.AccountNumber}
        </Text>
      ),
    },
    {
      key: 'name',
      stack: 'title',
      header: 'Nombre',
      sortField: 'Name',
      render: (b) => (
        <Text size="sm" fw={600}>
          {b.Name}
        </Text>
      ),
    },
    { key: 'created', header: 'Fecha de alta', sortField: 'CreationDate', render: (b) => <DateText size="sm" value={b.CreationDate} /> },
    { key: 'users', header: 'Usuarios', align: 'right', render: (b) => integer(b.RegisteredUsers) },
    { key: 'status', stack: 'status', header: 'Estatus', render: (b) => <StatusBadge status={b.Status.Name} /> },
    {
      key: 'actions',
      header: 'Acciones',
      align: 'right',
      render: (b) => <IconAction tip="Ver detalle" label={`Ver ${b.Name}`} icon={IconEye} onClick={() => navigate(`${BUSINESS_SCREEN}/${b.Id}`)} />,
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
      <ListScaffold
        testId="businesses-table"
        list={list}
        query={query}
        page={fromPage(query.data)}
        columns={columns}
        getRowId={(b) => b.Id}
        filters={<ListFilters list={list} searchLabel="Buscar empresa" searchPlaceholder="Nombre, RFC, CLABE o correo" searchWidth={340} />}
        emptyText="Aún no hay empresas registradas"
        filteredEmptyText="Ninguna empresa coincide con los filtros"
        bulk={bulk}
        onRowClick={(b) => navigate(`${BUSINESS_SCREEN}/${b.Id}`)}
        rowLabel={(b) => `Ver ${b.Name}`}
      />
    </>
  );
}
