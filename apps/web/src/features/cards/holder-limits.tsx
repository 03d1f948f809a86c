import type { TransactionLimit } from '@far/contracts';
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { LimitForm } from '../../components/limit-form';
import { MoneyInput } from '../../components/money-input';
import { HolderConfirm } from '../../components/holder-confirm';
import { errorText } from '../../lib/api-client';
import { money } from '../../lib/format';
import { apiCentsOr0, typedAmountToApi, useMoneyIntent } from '../../lib/money';
import { requestCode, useCardSpeiOut, useHolderLimits, useSaveHolderLimit, useSwitchHolderSpei, type CardSpeiOutInput } from './api';

const capText = (g: TransactionLimit | null) => {
  if (!g?.IsEnabled) return undefined;
  const part = (label: string, v: string | null) => (v ? `${label} ${money(apiCentsOr0(v))}` : null);
  const parts = [part('por operación', g.LimitPerTransaction), part('diario', g.DailyLimit), part('mensual', g.MonthlyLimit)].filter(Boolean);
  return parts.length ? `Tope global de las tarjetas: ${parts.join(' · ')}. Un límite propio no puede superarlo.` : undefined;
};

/**
 * A cardholder's card limits (per operation, day and month, Mexico City calendar), its SPEI-out
 * switch and, for the business, «Enviar SPEI» from the card. The server enforces all of it.
 */
export function HolderLimitsPanel({
  holder,
  cardIdentifier,
  cardActive,
  canEdit,
  canSend,
}: {
  holder: string;
  cardIdentifier: string;
  cardActive: boolean;
  canEdit: boolean;
  canSend: boolean;
}) {
  const limits = useHolderLimits(holder);
  const save = useSaveHolderLimit();
  const toggle = useSwitchHolderSpei();
  if (limits.isPending) return <Skeleton h={160} />;
  if (limits.isError) return <ErrorAlert error={limits.error} title="No fue posible cargar los límites" onRetry={() => void limits.refetch()} />;
  const l = limits.data;
  return (
    <Paper withBorder p="md" radius="md" data-testid="holder-limits">
      <Title order={2} fz="lg" mb={4}>
        Límites del tarjetahabiente
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Aplican a las compras y a los envíos SPEI de todas sus tarjetas. Días y meses en hora de la Ciudad de México.
      </Text>
      <LimitForm
        key={l.Specific?.UpdatedAt ?? 'none'}
        limit={l.Specific}
        readOnly={!canEdit}
        testId="form-holder-limit"
        hint={capText(l.Global)}
        onSave={(v) => save.mutateAsync({ CardholderIdentifier: holder, ...v })}
        saving={save.isPending}
        saveError={save.isError ? save.error : null}
      />
      <Group justify="space-between" mt="md" wrap="wrap">
        <Switch
          label="Envío SPEI desde sus tarjetas"
          checked={l.SpeiOutEnabled}
          disabled={!canEdit || toggle.isPending}
          onChange={(e) =>
            toggle.mutate(
              { CardholderIdentifier: holder, EnableSpeiOut: e.currentTarget.checked },
              {
                onSuccess: (r) => notifications.show({ color: 'green', message: r.EnableSpeiOut ? 'Envío SPEI habilitado' : 'Envío SPEI deshabilitado' }),
                onError: (err) => notifications.show({ color: 'red', message: errorText(err) }),
              },
            )
          }
        />
        {canSend && l.SpeiOutEnabled && cardActive ? <SendSpei cardIdentifier={cardIdentifier} /> : null}
      </Group>
    </Paper>
  );
}

const EMPTY = { Clabe: '', BeneficiaryName: '', Amount: '', Concept: '', Reference: '' };

/** «Enviar SPEI»: the transfer, then the six-digit code sent by e-mail (operation spei-out). */
function SendSpei({ cardIdentifier }: { cardIdentifier: string }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [confirmHolder, setConfirmHolder] = useState(false);
  const send = useCardSpeiOut();
  const intent = useMoneyIntent();
  const [amountError, setAmountError] = useState<string>();
  const field = (name: keyof typeof EMPTY, label: string, extra: { inputMode?: 'numeric'; maxLength?: number } = {}) => (
    <TextInput label={label} value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.currentTarget.value })} {...extra} />
  );
  const askCode = async () => {
    try {
      await requestCode('spei-out');
      setCodeSent(true);
    } catch (e) {
      notifications.show({ color: 'red', message: errorText(e) });
    }
  };
  const submit = () => {
    const amount = typedAmountToApi(values.Amount);
    setAmountError('message' in amount ? amount.message : undefined);
    if ('message' in amount) return;
    const body: CardSpeiOutInput = {
      CardIdentifier: cardIdentifier,
      ...values,
      Amount: amount.amount,
      SecurityCode: code,
      ...(confirmHolder ? { ConfirmHolder: true } : {}),
    };
    const { SecurityCode: _code, ...what } = body;
    void intent(what, (idempotencyKey) =>
      send
        .mutateAsync({ body, idempotencyKey })
        .then((m) => {
          notifications.show({
            color: 'green',
            title: 'Transferencia registrada',
            message: `${money(apiCentsOr0(m.TotalAmount))} · clave de rastreo ${m.TrackingKey ?? ''}`,
          });
          setOpen(false);
          setValues(EMPTY);
          setCode('');
          setCodeSent(false);
          setConfirmHolder(false);
        })
        .catch(() => undefined),
    );
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Enviar SPEI</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Enviar SPEI desde la tarjeta" size="lg">
        <Stack>
          {send.isError ? (
            <Alert color="red" title="No se envió la transferencia">
              {errorText(send.error)}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('Clabe', 'CLABE destino', { inputMode: 'numeric', maxLength: 22 })}
            {field('BeneficiaryName', 'Beneficiario', { maxLength: 39 })}
            <MoneyInput
              label="Monto"
              value={values.Amount}
              error={amountError}
              onChange={(Amount) => {
                setValues({ ...values, Amount });
                setAmountError(undefined);
              }}
            />
            {field('Concept', 'Concepto', { maxLength: 39 })}
            {field('Reference', 'Referencia numérica', { inputMode: 'numeric', maxLength: 7 })}
          </SimpleGrid>
          <HolderConfirm error={send.error} checked={confirmHolder} onChange={setConfirmHolder} />
          <Text size="sm" c="dimmed">
            Se cobra la comisión de envío SPEI y su IVA del saldo de la tarjeta.
          </Text>
          <Group align="flex-end">
            <Button variant="default" onClick={() => void askCode()}>
              {codeSent ? 'Reenviar código' : 'Solicitar código'}
            </Button>
            <TextInput
              label="Código de seguridad"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
              w={200}
            />
          </Group>
          <Button disabled={code.length !== 6} loading={send.isPending} onClick={submit}>
            Enviar
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
