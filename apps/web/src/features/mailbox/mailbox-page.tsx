import { Badge, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMail, IconMessage, IconSearch } from '@tabler/icons-react';
import { type Column } from '../../components/data-table';
import { ListScaffold, fromPerPage, useListState } from '../../components/list-scaffold';
import { PageHeader } from '../../components/page-header';
import { DateText } from '../../components/value-text';
import { AUTO_REFRESH_MS, useOutbox, type OutboxMessage } from './api/list-outbox';

function ChannelBadge({ channel }: { channel: OutboxMessage['v_channel'] }) {
  return channel === 'email' ? (
    <Badge size="xs" variant="light" leftSection={<IconMail size={10} />}>
      Correo
    </Badge>
  ) : (
    <Badge size="xs" variant="light" color="teal" leftSection={<IconMessage size={10} />}>
      SMS
    </Badge>
  );
}

function MessageDetail({ message }: { message: OutboxMessage }) {
  return (
    <Stack gap="sm" data-testid="mailbox-detail">
      <Group justify="space-between" align="flex-start">
        <Title order={2} fz="lg">
          {message.v_subject}
        </Title>
        <ChannelBadge channel={message.v_channel} />
      </Group>
      <Stack gap={2}>
        <Text size="sm">
          <Text span c="dimmed">
            Para:{' '}
          </Text>
          {message.v_to}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Creado:{' '}
          </Text>
          <DateText value={message.d_create_at} withTime inherit />
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            Enviado:{' '}
          </Text>
          {message.d_sent_at ? <DateText value={message.d_sent_at} withTime inherit /> : 'Pendiente de envío'}
        </Text>
      </Stack>
      <Paper withBorder p="md" bg="gray.0">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="mailbox-body">
          {message.t_body}
        </Text>
      </Paper>
    </Stack>
  );
}

const columns: Column<OutboxMessage>[] = [
  {
    key: 'subject',
    stack: 'title',
    header: 'Asunto',
    sortValue: (m) => m.v_subject,
    render: (m) => (
      <Text size="sm" fw={600}>
        {m.v_subject}
      </Text>
    ),
  },
  {
    key: 'to',
    header: 'Para',
    sortValue: (m) => m.v_to,
    render: (m) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {m.v_to}
      </Text>
    ),
  },
  { key: 'channel', header: 'Canal', sortValue: (m) => m.v_channel, render: (m) => <ChannelBadge channel={m.v_channel} /> },
  { key: 'date', stack: 'date', header: 'Fecha', sortValue: (m) => m.d_create_at, render: (m) => <DateText size="sm" value={m.d_create_at} withTime /> },
];

export function MailboxPage() {
  const list = useListState({ search: '' }, { size: 25 });
  const outbox = useOutbox({ page: list.page, perPage: list.size, search: list.applied.search });

  return (
    <>
      <PageHeader
        title="Buzón"
        description={`Mensajes de correo y SMS que envió el portal. Se actualiza cada ${AUTO_REFRESH_MS / 1000} segundos.`}
        actions={outbox.isFetching ? <Loader size="xs" role="status" aria-label="Actualizando" /> : null}
      />
      <ListScaffold
        testId="mailbox-list"
        list={list}
        query={outbox}
        page={fromPerPage(outbox.data)}
        columns={columns}
        getRowId={(m) => m.v_uid}
        emptyText="El portal aún no ha enviado mensajes"
        filteredEmptyText="Ningún mensaje coincide con la búsqueda"
        filters={
          <TextInput
            aria-label="Buscar mensaje"
            placeholder="Buscar por destinatario o asunto"
            leftSection={<IconSearch size={16} />}
            value={list.filters.search}
            onChange={(e) => list.setFilter({ search: e.currentTarget.value })}
            w={{ base: '100%', sm: 360 }}
          />
        }
        detail={{ title: () => 'Mensaje', label: (m) => `Abrir ${m.v_subject} para ${m.v_to}`, render: (m) => <MessageDetail message={m} /> }}
      />
    </>
  );
}
