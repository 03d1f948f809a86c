import { CARD_STATUS_NAMES } from '@far/contracts';
import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { FilterSelect } from '../../components/list-filters';
import { PageHeader } from '../../components/page-header';
import { errorText } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { integer } from '../../lib/format';
import { useActivate, useActivationItems, useCards, useMatch, useStatusCounts, type CardFilters } from './api';
import { IssueVirtualButton } from './issue-virtual';
import { ActivationRows, CardRows, CardsNav, FileTemplates, RowErrors, StatusCounts, UploadButton } from './ui';

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

  // When the card API fails, say so and offer to retry, as the dashboard does (issue 26 §2).
  const broken = [counts, cards, items].find((q) => q.isError);
  return (
    <Stack gap="md">
      {broken ? (
        <ErrorAlert
          error={broken.error}
          title="No fue posible cargar las tarjetas"
          onRetry={() => {
            for (const q of [counts, cards, items]) if (q.isError) void q.refetch();
          }}
        />
      ) : null}
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
                    notifications.show({
                      color: r.FailedRecords ? 'orange' : 'green',
                      message: `Asignadas: ${integer(r.MatchedRecords)} · Con errores: ${integer(r.FailedRecords)}`,
                    });
                  },
                  onError: failed,
                })
              }
            />
          ) : null}
          {canAdd ? <IssueVirtualButton businessId={businessId} linkOf={linkOf} /> : null}
          {canEdit ? (
            <Button
              loading={activate.isPending}
              onClick={() =>
                activate.mutate(undefined, {
                  onSuccess: () => notifications.show({ color: 'green', message: 'Tarjetas asignadas activadas' }),
                  onError: failed,
                })
              }
            >
              Activar tarjetas asignadas
            </Button>
          ) : null}
        </Group>
      ) : null}
      {canAdd ? <FileTemplates kind="assignment" /> : null}
      <RowErrors errors={matchErrors} />
      <Group wrap="wrap" align="flex-end">
        <FilterSelect
          label="Estatus"
          all="Todos"
          data={STATUS_OPTIONS}
          value={filters.Status ? String(filters.Status) : null}
          onChange={(v) => apply({ Status: v ? Number(v) : undefined })}
          w={180}
        />
        <TextInput label="Últimos 4 dígitos" value={last4} onChange={(e) => setLast4(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))} w={160} />
        <Button variant="light" onClick={() => apply({ Last4: last4.length === 4 ? last4 : undefined })}>
          Filtrar
        </Button>
      </Group>
      {/* A list that could not be read is not an empty one: the alert above says so. */}
      {cards.isError ? null : <CardRows cards={cards.data?.Records ?? []} loading={cards.isPending} linkOf={(c) => linkOf(c.CardIdentifier)} />}
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
      {items.isError ? null : <ActivationRows items={items.data?.Records ?? []} loading={items.isPending} />}
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
