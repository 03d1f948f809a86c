import { zodResolver } from '@hookform/resolvers/zod';
import { AnnouncementRequest } from '@far/contracts';
import { Button, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { REQUIRED_MARK } from '../../components/required-mark';
import { DateText } from '../../components/value-text';
import { isApiError } from '../../lib/api-client';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { useAnnounce, useAnnouncements, useBusinessChoices } from './api/notifications';

type Values = z.input<typeof AnnouncementRequest>;
const AUDIENCES = [
  { value: 'businesses', label: 'Todas las empresas' },
  { value: 'wallets', label: 'Todos los usuarios Wallet' },
  { value: 'business', label: 'Una empresa' },
];

/** Staff: a notice to all businesses, all wallet users, or one business; and the latest ones sent. */
export function AnnouncementForm() {
  const announce = useAnnounce();
  const history = useAnnouncements(true);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const form = useForm<Values>({
    ...FORM_SETTINGS,
    resolver: zodResolver(AnnouncementRequest),
    defaultValues: { Audience: 'businesses', Title: '', Text: '' },
  });
  const audience = useWatch({ control: form.control, name: 'Audience' });
  const choices = useBusinessChoices(debounced, audience === 'business');
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const sent = await announce.mutateAsync(values as z.output<typeof AnnouncementRequest>);
      notifications.show({ color: 'green', message: `Aviso enviado a ${sent.Recipients} usuario(s).` });
      form.reset({ Audience: values.Audience, Title: '', Text: '' });
    } catch (error) {
      if (isApiError(error)) applyServerErrors(form.setError, error, ['Title', 'Text', 'BusinessId', 'Audience']);
    }
  });

  return (
    <Paper withBorder p="lg" mb="lg" data-testid="announcement-form">
      <Title order={2} fz="lg" mb="sm">
        Enviar un aviso
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={640}>
          {announce.isError && !isApiError(announce.error) ? <ErrorAlert error={announce.error} title="No fue posible enviar el aviso" /> : null}
          <Controller
            control={form.control}
            name="Audience"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="audience-label">
                  Destinatarios
                </Text>
                <SegmentedControl
                  aria-labelledby="audience-label"
                  data={AUDIENCES}
                  value={field.value}
                  onChange={field.onChange}
                  fullWidth
                  orientation="horizontal"
                  style={{ flexWrap: 'wrap' }}
                />
              </Stack>
            )}
          />
          {audience === 'business' ? (
            <Controller
              control={form.control}
              name="BusinessId"
              render={({ field }) => (
                <Select
                  label="Empresa"
                  {...REQUIRED_MARK}
                  searchable
                  searchValue={search}
                  onSearchChange={setSearch}
                  data={(choices.data?.Records ?? []).map((b) => ({ value: b.Id, label: `${b.Name} (${b.AccountNumber})` }))}
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v ?? undefined)}
                  nothingFoundMessage="Sin coincidencias"
                  error={errors.BusinessId?.message}
                  data-testid="announcement-business"
                />
              )}
            />
          ) : null}
          <TextInput
            label="Título"
            {...REQUIRED_MARK}
            maxLength={120}
            {...form.register('Title')}
            error={errors.Title?.message}
            data-testid="announcement-title"
          />
          <Textarea
            label="Texto"
            {...REQUIRED_MARK}
            autosize
            minRows={3}
            maxLength={2000}
            {...form.register('Text')}
            error={errors.Text?.message}
            data-testid="announcement-text"
          />
          <div>
            <Button type="submit" leftSection={<IconSpeakerphone size={16} />} loading={announce.isPending} data-testid="announcement-send">
              Enviar aviso
            </Button>
          </div>
        </Stack>
      </form>
      {history.data && history.data.length > 0 ? (
        <Table.ScrollContainer minWidth={520} mt="lg" type="native" tabIndex={0} role="region" aria-label="Avisos enviados">
          <Table striped aria-label="Avisos enviados" data-testid="announcement-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Título</Table.Th>
                <Table.Th>Destinatarios</Table.Th>
                <Table.Th>Usuarios</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((a) => (
                <Table.Tr key={a.v_uid}>
                  <Table.Td>
                    <DateText size="sm" value={a.d_create_at} withTime />
                  </Table.Td>
                  <Table.Td>{a.Title}</Table.Td>
                  <Table.Td>{a.BusinessName ?? a.Audience}</Table.Td>
                  <Table.Td>{a.Recipients}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Paper>
  );
}
