import { NOTIFICATION_KINDS_FOR, notificationKindLabel } from '@far/contracts';
import { Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconChecks, IconSearch } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { type Column } from '../../components/data-table';
import { FilterSelect } from '../../components/list-filters';
import { ListScaffold, fromPerPage, useListState } from '../../components/list-scaffold';
import { PageHeader } from '../../components/page-header';
import { DateText } from '../../components/value-text';
import { useMe } from '../../lib/api/get-me';
import { useCan } from '../../lib/api/get-menu-permissions';
import { notifyActionFailed } from '../../lib/notify';
import { AnnouncementForm } from './announcement-form';
import { useMarkAllRead, useNotices, useSetRead, type Notice } from './api/notifications';

const isRead = (n: Notice) => n.i_status === 2;

function ReadBadge({ notice }: { notice: Notice }) {
  return isRead(notice) ? (
    <Badge size="sm" variant="light" color="gray">
      Leída
    </Badge>
  ) : (
    <Badge size="sm" variant="light" color="blue">
      No leída
    </Badge>
  );
}

/** The drawer of one notice: opening it marks it read; it can be marked unread again. */
function NoticeDetail({ notice, close }: { notice: Notice; close: () => void }) {
  const setRead = useSetRead();
  const { mutate } = setRead;
  useEffect(() => {
    if (!isRead(notice)) mutate({ uid: notice.v_uid, read: true }, { onError: notifyActionFailed });
  }, [notice, mutate]);
  return (
    <Stack gap="sm" data-testid="notice-detail">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} fz="lg">
          {notice.v_title}
        </Title>
        <Badge variant="light">{notice.v_kind_label}</Badge>
      </Group>
      <DateText size="sm" c="dimmed" value={notice.d_create_at} withTime />
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="notice-body">
        {notice.t_description}
      </Text>
      <Group gap="sm">
        {notice.v_link && notice.v_link !== '/notification' ? (
          <Button component={Link} to={notice.v_link} onClick={close} rightSection={<IconArrowRight size={16} />} data-testid="notice-open">
            Ver detalle
          </Button>
        ) : null}
        <Button
          variant="default"
          onClick={() => setRead.mutate({ uid: notice.v_uid, read: false }, { onSuccess: close, onError: notifyActionFailed })}
          data-testid="notice-unread"
        >
          Marcar como no leída
        </Button>
      </Group>
    </Stack>
  );
}

const columns: Column<Notice>[] = [
  {
    key: 'title',
    stack: 'title',
    header: 'Notificación',
    render: (n) => (
      <Stack gap={2}>
        <Text size="sm" fw={isRead(n) ? 400 : 700}>
          {n.v_title}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {n.t_description}
        </Text>
      </Stack>
    ),
  },
  { key: 'kind', header: 'Tipo', render: (n) => <Text size="sm">{n.v_kind_label}</Text> },
  { key: 'date', stack: 'date', header: 'Fecha', sortValue: (n) => n.d_create_at, render: (n) => <DateText size="sm" value={n.d_create_at} withTime /> },
  { key: 'status', stack: 'status', header: 'Estado', render: (n) => <ReadBadge notice={n} /> },
];

export function NotificationsPage() {
  const me = useMe();
  const canAnnounce = useCan('/notification', 'Agregar') && me.data?.kind === 'FAR';
  const list = useListState({ search: '', status: '' as '' | '1' | '2', kind: '' });
  const notices = useNotices({ page: list.page, perPage: list.size, search: list.applied.search, status: list.applied.status, kind: list.applied.kind });
  const markAll = useMarkAllRead();
  const kinds = me.data ? NOTIFICATION_KINDS_FOR[me.data.kind] : [];
  const unread = notices.data?.unread ?? 0;

  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Todas tus notificaciones están marcadas como leídas.' }),
      onError: notifyActionFailed,
    });

  return (
    <>
      <PageHeader
        title="Notificaciones"
        description={unread === 0 ? 'No tienes notificaciones sin leer.' : `Tienes ${unread} notificación(es) sin leer.`}
        actions={
          <Button
            leftSection={<IconChecks size={16} />}
            variant="light"
            onClick={readAll}
            loading={markAll.isPending}
            disabled={unread === 0}
            data-testid="notices-read-all"
          >
            Marcar todas como leídas
          </Button>
        }
      />
      {canAnnounce ? <AnnouncementForm /> : null}
      <ListScaffold
        testId="notices-list"
        list={list}
        query={notices}
        page={fromPerPage(notices.data)}
        columns={columns}
        getRowId={(n) => n.v_uid}
        emptyText="Aún no tienes notificaciones"
        filteredEmptyText="Ninguna notificación coincide con los filtros"
        filters={
          <Group gap="sm" wrap="wrap" w="100%">
            <TextInput
              aria-label="Buscar notificación"
              placeholder="Buscar por título o texto"
              leftSection={<IconSearch size={16} />}
              value={list.filters.search}
              onChange={(e) => list.setFilter({ search: e.currentTarget.value })}
              w={{ base: '100%', sm: 280 }}
            />
            <FilterSelect
              aria-label="Estado"
              all="Todas"
              data={[
                { value: '1', label: 'No leídas' },
                { value: '2', label: 'Leídas' },
              ]}
              value={list.filters.status || null}
              onChange={(v) => list.setFilter({ status: (v ?? '') as '' | '1' | '2' })}
              w={{ base: '100%', sm: 160 }}
              data-testid="notices-filter-status"
            />
            <FilterSelect
              aria-label="Tipo de notificación"
              all="Todos los tipos"
              data={kinds.map((k) => ({ value: k, label: notificationKindLabel(k) }))}
              value={list.filters.kind || null}
              onChange={(v) => list.setFilter({ kind: v ?? '' })}
              w={{ base: '100%', sm: 260 }}
            />
          </Group>
        }
        detail={{
          title: () => 'Notificación',
          label: (n) => `Abrir ${n.v_title}${isRead(n) ? '' : ' (no leída)'}`,
          render: (n, close) => <NoticeDetail notice={n} close={close} />,
        }}
      />
    </>
  );
}
