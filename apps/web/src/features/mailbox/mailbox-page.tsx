import { Badge, Box, Center, Grid, Group, Loader, Pagination, Paper, ScrollArea, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMail, IconMessage, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { PageHeader } from '../../components/page-header';
import { DateText } from '../../components/value-text';
import { integer } from '../../lib/format';
import { AUTO_REFRESH_MS, useOutbox, type OutboxMessage } from './api/list-outbox';

const PER_PAGE = 20;

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

function MessageDetail({ message }: { message: OutboxMessage | null }) {
  if (!message) {
    return (
      <Center h="100%" mih={300}>
        <Text c="dimmed">Selecciona un mensaje para ver su contenido.</Text>
      </Center>
    );
  }
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

export function MailboxPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 350);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const outbox = useOutbox({ page, perPage: PER_PAGE, search: debounced });
  const items = outbox.data?.items ?? [];
  const selected = items.find((m) => m.v_uid === selectedId) ?? null;

  return (
    <>
      <PageHeader
        title="Buzón"
        description={`Mensajes de correo y SMS que envió el portal. Se actualiza cada ${AUTO_REFRESH_MS / 1000} segundos.`}
        actions={outbox.isFetching ? <Loader size="xs" aria-label="Actualizando" /> : null}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder>
            <Box p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
              <TextInput
                aria-label="Buscar mensaje"
                placeholder="Buscar por destinatario o asunto"
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
              />
            </Box>
            {outbox.isError ? (
              <Box p="sm">
                <ErrorAlert error={outbox.error} title="No fue posible cargar el buzón" onRetry={() => void outbox.refetch()} />
              </Box>
            ) : outbox.isPending ? (
              <Center py="xl">
                <Loader size="sm" />
              </Center>
            ) : items.length === 0 ? (
              <Center py="xl">
                <Text c="dimmed" data-testid="empty-state">
                  Sin registros
                </Text>
              </Center>
            ) : (
              <ScrollArea.Autosize mah="65vh">
                <Stack gap={0} role="list" aria-label="Mensajes" data-testid="mailbox-list">
                  {items.map((m) => (
                    <UnstyledButton
                      key={m.v_uid}
                      role="listitem"
                      onClick={() => setSelectedId(m.v_uid)}
                      p="sm"
                      aria-current={m.v_uid === selectedId ? 'true' : undefined}
                      style={{
                        borderBottom: '1px solid var(--mantine-color-gray-2)',
                        background: m.v_uid === selectedId ? 'var(--mantine-color-far-light)' : undefined,
                      }}
                    >
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text size="sm" fw={600} truncate>
                          {m.v_subject}
                        </Text>
                        <ChannelBadge channel={m.v_channel} />
                      </Group>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text size="xs" c="dimmed" truncate>
                          {m.v_to}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          <DateText value={m.d_create_at} withTime inherit />
                        </Text>
                      </Group>
                    </UnstyledButton>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
            {outbox.data && outbox.data.total > 0 ? (
              <Group justify="space-between" p="sm">
                <Text size="xs" c="dimmed">
                  {integer(outbox.data.total)} mensajes
                </Text>
                <Pagination size="sm" total={Math.max(1, outbox.data.pages)} value={page} onChange={setPage} />
              </Group>
            ) : null}
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg" mih={300}>
            <MessageDetail message={selected} />
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}
