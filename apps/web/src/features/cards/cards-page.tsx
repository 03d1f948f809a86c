import { CARD_STATUS_NAMES } from '@far/contracts';
import { Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { errorText } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { integer } from '../../lib/format';
import { useActivate, useActivationItems, useCards, useMatch, useStatusCounts, type CardFilters } from './api';
import { CardRows, CardsNav, RowErrors, ScrollTable, StatusCounts, UploadButton } from './ui';

const STATUS_OPTIONS = Object.entries(CARD_STATUS_NAMES).map(([value, label]) => ({ value, label }));

/** The cards of a business: counts, filters, matching file and activation. Staff see it as a tab with BusinessId. */
export function CardsList({ businessId, linkOf }: { businessId?: string; linkOf: (id: string) => string }) {
  const canAdd = useCan(businessId ? '/user/business' : '/account', 'Agregar');
  const canEdit = useCan(businessId ? '/user/business' : '/account', 'Editar');
  const [filters, setFilters] = useState<CardFilters>({ BusinessId: businessId });
  const [last4, setLast4] = useState('');
  const [tokens, setTokens] = useState<(string | undefined)[]>([undefined]);
  const counts = useStatusCounts(businessId);
  const cards = useCards(filters, tokens.at(-1));
  const items = useActivationItems(businessId);
  const match = useMatch(businessId);
  const activate = useActivate(businessId);
  const [matchErrors, setMatchErrors] = useState<{ Row: number; Field: string | null; Message: string }[]>([]);
  const failed = (e: unknown) => notifications.show({ color: 'red', title: 'No se pudo completar', message: errorText(e) });
  const apply = (f: Partial<CardFilters>) => {
    setFilters({ ...filters, ...f });
    setTokens([undefined]);
  };

  return (
    <Stack gap="md">
      <StatusCounts counts={counts.data} />
      {canAdd || canEdit ? (
        <Group wrap="wrap">
          {canAdd ? (
            <UploadButton
              label="Asignar tarjetas (CSV)"
              loading={match.isPending}
              onFile={(f) =>
                match.mutate(f, {
                  onSuccess: (r) => {
                    setMatchErrors(r.Errors);
                    notifications.show({ color: r.FailedRecords ? 'orange' : 'green', message: `Asignadas: ${integer(r.MatchedRecords)} · Con errores: ${integer(r.FailedRecords)}` });
                  },
                  onError: failed,
                })
              }
            />
          ) : null}
          {canEdit ? (
            <Button
              loading={activate.isPending}
              onClick={() => activate.mutate(undefined, { onSuccess: () => notifications.show({ color: 'green', message: 'Tarjetas asignadas activadas' }), onError: failed })}
            >
              Activar tarjetas asignadas
            </Button>
          ) : null}
          <Text size="xs" c="dimmed">
            CSV: CardholderIdentifier y CardIdentifier (o Last8, los últimos 8 dígitos impresos).
          </Text>
        </Group>
      ) : null}
      <RowErrors errors={matchErrors} />
      <Group wrap="wrap" align="flex-end">
        <Select label="Estatus" data={STATUS_OPTIONS} clearable value={filters.Status ? String(filters.Status) : null} onChange={(v) => apply({ Status: v ? Number(v) : undefined })} w={180} />
        <TextInput label="Últimos 4 dígitos" value={last4} onChange={(e) => setLast4(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))} w={160} />
        <Button variant="light" onClick={() => apply({ Last4: last4.length === 4 ? last4 : undefined })}>
          Filtrar
        </Button>
      </Group>
      <CardRows cards={cards.data?.Records ?? []} linkOf={(c) => linkOf(c.CardIdentifier)} />
      <Group justify="flex-end">
        <Button variant="default" disabled={tokens.length < 2} onClick={() => setTokens(tokens.slice(0, -1))}>
          Anterior
        </Button>
        <Button variant="default" disabled={!cards.data?.PaginationToken} onClick={() => setTokens([...tokens, cards.data!.PaginationToken!])}>
          Siguiente
        </Button>
      </Group>
      <Title order={2} fz="lg">
        Lotes de activación
      </Title>
      <ScrollTable head={['Lote', 'Fila', 'Tarjetahabiente', 'Tarjeta', 'Estatus', 'Error']}>
        {(items.data?.Records ?? []).map((i) => (
          <Table.Tr key={i.CompositeSortingKey}>
            <Table.Td>{i.ReferenceBatch}</Table.Td>
            <Table.Td>{Number(i.CompositeSortingKey.split('#')[1])}</Table.Td>
            <Table.Td>{i.CardholderIdentifier}</Table.Td>
            <Table.Td>{i.CardIdentifier}</Table.Td>
            <Table.Td>{i.Status}</Table.Td>
            <Table.Td>{i.ErrorMessage ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </Stack>
  );
}

export function CardsPage() {
  return (
    <>
      <PageHeader title="Tarjetas" description="Tarjetas de tu empresa: asignación, activación y estatus." />
      <CardsNav />
      <CardsList linkOf={(id) => `/account/cards/${id}`} />
    </>
  );
}

/** The staff business detail's «Tarjetas» tab. */
export function BusinessCardsTab({ businessId }: { businessId: string }) {
  return <CardsList businessId={businessId} linkOf={(id) => `/user/business/${businessId}/tarjetas/${id}`} />;
}
