import { CHANNELS, type CardRevealView } from '@far/contracts';
import { Alert, Button, Group, Modal, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { DetailGrid } from '../../components/detail-grid';
import { MoneyInput, useMoneyText } from '../../components/money-input';
import { PageHeader } from '../../components/page-header';
import { useCan } from '../../lib/api/get-menu-permissions';
import { errorText } from '../../lib/api-client';
import { dateTime, money } from '../../lib/format';
import { apiCentsOr0, useMoneyIntent } from '../../lib/money';
import { exportCardMovements, requestCode, revealToken, useAuthorize, useCard, useCardMovements, useHolderBalance, useLockCard } from './api';
import { CardControlsPanel } from './card-controls';
import { OpenDisputeButton } from './disputes-page';
import { HolderLimitsPanel } from './holder-limits';
import { CardStatusBadge, CardsNav, MovementRows, PageButtons, VirtualBadge, virtualItems } from './ui';

/** A card: masked PAN, status, balance, controls, movements, lock, reveal (code, 60 s) and a simulated purchase. */
export function CardDetail({ identifier, businessId }: { identifier: string; businessId?: string }) {
  const card = useCard(identifier, businessId);
  const holder = useHolderBalance(card.data?.CardholderIdentifier ?? null, businessId);
  const [page, setPage] = useState(1);
  const movements = useCardMovements({ BusinessId: businessId, CardIdentifier: identifier, Page: page });
  const lock = useLockCard(businessId);
  // Staff reach a card from the business detail (BusinessId); a business from its account.
  const canEdit = useCan(businessId ? '/user/business' : '/account', 'Editar');
  const canSend = useCan('/account', 'Agregar') && !businessId;
  // Staff dispute for the business from its card (the queue's Editar); a business with Agregar on its cards.
  const canDispute = useCan(businessId ? '/clarification' : '/account', businessId ? 'Editar' : 'Agregar');
  const c = card.data;
  const balance = holder.data?.Cards.find((x) => x.CardIdentifier === identifier);
  if (!c) return <Text>{card.isError ? errorText(card.error) : 'Cargando…'}</Text>;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="wrap" mb="sm">
          <Title order={2} fz="xl" className="tabular" data-testid="masked-pan">
            {c.Payload.MaskedPan}
          </Title>
          <Group gap={6}>
            <VirtualBadge card={c} />
            <CardStatusBadge card={c} />
          </Group>
        </Group>
        <DetailGrid
          items={[
            { label: 'Tarjetahabiente', value: c.FullName },
            { label: 'Vigencia', value: c.Payload.ValidDate },
            { label: 'Saldo disponible', value: balance ? <span data-testid="card-available">{money(apiCentsOr0(balance.availableBalance))}</span> : null },
            { label: 'En tránsito', value: balance ? money(apiCentsOr0(balance.transitBalance)) : null },
            { label: 'Activada', value: c.ActivatedAt ? dateTime(c.ActivatedAt) : null },
            ...virtualItems(c),
          ]}
        />
        <Group mt="md" wrap="wrap">
          {c.Status === 2 || c.Status === 3 ? (
            <Button
              color={c.IsBlocked ? 'green' : 'red'}
              variant="light"
              loading={lock.isPending}
              onClick={() =>
                lock.mutate(
                  { identifier, lock: !c.IsBlocked },
                  {
                    onSuccess: () => notifications.show({ color: 'green', message: c.IsBlocked ? 'Tarjeta desbloqueada' : 'Tarjeta bloqueada' }),
                    onError: (e) => notifications.show({ color: 'red', message: errorText(e) }),
                  },
                )
              }
            >
              {c.IsBlocked ? 'Desbloquear tarjeta' : 'Bloquear tarjeta'}
            </Button>
          ) : null}
          <RevealButton identifier={identifier} businessId={businessId} />
        </Group>
      </Paper>
      <CardControlsPanel identifier={identifier} controls={c.Payload.Controls} businessId={businessId} canEdit={canEdit && c.Status !== 4} />
      {c.CardholderIdentifier ? (
        <HolderLimitsPanel
          holder={c.CardholderIdentifier}
          cardIdentifier={identifier}
          cardActive={c.Status === 3 && !c.IsBlocked}
          canEdit={canEdit}
          canSend={canSend}
        />
      ) : null}
      {c.Status === 3 ? <SimulatePurchase identifier={identifier} businessId={businessId} /> : null}
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Movimientos
        </Title>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void exportCardMovements({ BusinessId: businessId, CardIdentifier: identifier }, 'csv')}>
            CSV
          </Button>
          <Button size="xs" variant="default" onClick={() => void exportCardMovements({ BusinessId: businessId, CardIdentifier: identifier }, 'xlsx')}>
            XLSX
          </Button>
        </Group>
      </Group>
      <MovementRows
        rows={movements.data?.Records}
        loading={movements.isLoading}
        error={movements.error}
        action={
          canDispute
            ? (m) =>
                m.Kind === 'purchase' && m.Status === 'Aplicada' && m.AuthorizationId ? (
                  <OpenDisputeButton authorizationId={m.AuthorizationId} businessId={businessId} />
                ) : null
            : undefined
        }
      />
      <Group justify="flex-end">
        <PageButtons page={page} totalPages={movements.data?.TotalPages} onPage={setPage} />
      </Group>
    </Stack>
  );
}

function RevealButton({ identifier, businessId }: { identifier: string; businessId?: string }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [shown, setShown] = useState<CardRevealView | null>(null);
  const [busy, setBusy] = useState(false);
  // The data disappears 60 s after it was shown.
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), shown.ExpiresIn * 1000);
    return () => clearTimeout(timer);
  }, [shown]);
  const start = async () => {
    setOpen(true);
    setCode('');
    await requestCode('card-reveal').catch((e) => notifications.show({ color: 'red', message: errorText(e) }));
  };
  const confirm = async () => {
    setBusy(true);
    try {
      setShown(await revealToken(identifier, code, businessId));
      setOpen(false);
    } catch (e) {
      notifications.show({ color: 'red', title: 'No se mostraron los datos', message: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="default" onClick={() => void start()}>
        Ver datos de la tarjeta
      </Button>
      {shown ? (
        <Alert color="blue" title="Datos de la tarjeta (se ocultan en 60 segundos)" data-testid="revealed" w="100%">
          {/* The data are drawn by the server in an isolated page: no script runs there, and this app cannot read it. */}
          <iframe
            src={shown.RevealUrl}
            sandbox=""
            title="Datos de la tarjeta"
            referrerPolicy="no-referrer"
            data-testid="reveal-frame"
            style={{ border: 0, width: '100%', maxWidth: 420, height: 150, display: 'block', background: 'white' }}
          />
        </Alert>
      ) : null}
      <Modal opened={open} onClose={() => setOpen(false)} title="Código de seguridad">
        <Stack>
          <Text size="sm">Te enviamos un código de 6 dígitos por correo. Escríbelo para ver los datos de la tarjeta.</Text>
          <TextInput
            label="Código de seguridad"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            w={200}
          />
          <Button disabled={code.length !== 6} loading={busy} onClick={() => void confirm()}>
            Mostrar datos
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

function SimulatePurchase({ identifier, businessId }: { identifier: string; businessId?: string }) {
  const [merchant, setMerchant] = useState('Comercio de prueba');
  const [mcc, setMcc] = useState<number | string>(5411);
  const amount = useMoneyText();
  const [channel, setChannel] = useState<string>('in-person');
  const authorize = useAuthorize(businessId);
  const intent = useMoneyIntent();
  const submit = () => {
    const Amount = amount.read();
    if (!Amount) return;
    const body = { CardIdentifier: identifier, MerchantName: merchant, Mcc: Number(mcc), Amount, Channel: channel };
    void intent(body, (idempotencyKey) =>
      authorize
        .mutateAsync({ body, idempotencyKey, capture: true })
        .then((a) =>
          notifications.show({
            color: a.Approved ? 'green' : 'red',
            title: a.Approved ? 'Compra aprobada' : 'Compra rechazada',
            message: a.Approved ? `${a.MerchantName}: ${money(apiCentsOr0(a.Amount))}` : (a.DeclineReason ?? ''),
          }),
        )
        .catch((e) => notifications.show({ color: 'red', message: errorText(e) })),
    );
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="lg" mb="sm">
        Simular una compra (sandbox)
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Comercio" value={merchant} onChange={(e) => setMerchant(e.currentTarget.value)} style={{ flex: '1 1 180px' }} />
        <NumberInput label="MCC" value={mcc} onChange={setMcc} min={1} max={9999} w={110} />
        <Select
          label="Canal"
          data={Object.entries(CHANNELS).map(([value, label]) => ({ value, label }))}
          value={channel}
          onChange={(v) => setChannel(v ?? 'in-person')}
          w={180}
          allowDeselect={false}
        />
        <MoneyInput label="Monto" {...amount.input} w={140} />
        <Button loading={authorize.isPending} disabled={!amount.value} onClick={submit}>
          Simular compra
        </Button>
      </Group>
    </Paper>
  );
}

export function CardDetailPage() {
  const { id = '', businessId } = useParams();
  return (
    <>
      <PageHeader title="Detalle de tarjeta" />
      {businessId ? null : <CardsNav />}
      <CardDetail identifier={id} businessId={businessId} />
    </>
  );
}
