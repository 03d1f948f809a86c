import { DEFAULT_CARD_CONTROLS, VIRTUAL_MERCHANT_LOCKS, type CardControls, type VirtualMerchantLock } from '@far/contracts';
import { Button, Group, Modal, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/error-alert';
import { MoneyInput } from '../../components/money-input';
import { centsToApi, optionalAmountInput } from '../../lib/money';
import { useIssueVirtual } from './api';
import { ControlsFields } from './card-controls';

type LimitName = 'PerTransaction' | 'Daily' | 'Monthly';
const LIMITS: [LimitName, string][] = [
  ['PerTransaction', 'Límite por compra'],
  ['Daily', 'Límite diario'],
  ['Monthly', 'Límite mensual'],
];

/**
 * Issue a virtual card (issue 28 §1): to a cardholder of the business, active at once, with
 * optional single use, merchant lock, card limits and controls. The server checks everything;
 * the form only reads the amounts so a typo is named on its field.
 */
export function IssueVirtualButton({ businessId, linkOf }: { businessId?: string; linkOf: (id: string) => string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" onClick={() => setOpen(true)}>
        Emitir tarjeta virtual
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Emitir tarjeta virtual" centered size="lg">
        {open ? <IssueVirtualForm businessId={businessId} linkOf={linkOf} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

function IssueVirtualForm({ businessId, linkOf, onDone }: { businessId?: string; linkOf: (id: string) => string; onDone: () => void }) {
  const issue = useIssueVirtual(businessId);
  const navigate = useNavigate();
  const [holder, setHolder] = useState('');
  const [singleUse, setSingleUse] = useState(false);
  const [lock, setLock] = useState<VirtualMerchantLock>('none');
  const [merchant, setMerchant] = useState('');
  const [limits, setLimits] = useState<Record<LimitName, string>>({ PerTransaction: '', Daily: '', Monthly: '' });
  const [controls, setControls] = useState<CardControls>(DEFAULT_CARD_CONTROLS);
  const [errors, setErrors] = useState<Partial<Record<LimitName, string>>>({});

  const submit = () => {
    const amounts: Partial<Record<LimitName, string>> = {};
    const wrong: Partial<Record<LimitName, string>> = {};
    for (const [name] of LIMITS) {
      const r = optionalAmountInput.safeParse(limits[name]);
      if (!r.success) wrong[name] = r.error.issues[0]?.message;
      else if (r.data !== null) amounts[name] = centsToApi(r.data);
    }
    setErrors(wrong);
    if (Object.keys(wrong).length) return;
    issue.mutate(
      {
        CardholderIdentifier: holder.trim(),
        SingleUse: singleUse,
        MerchantLock: lock,
        MerchantId: lock === 'given' ? merchant.trim() : undefined,
        Controls: controls,
        Limits: Object.keys(amounts).length ? amounts : undefined,
      },
      {
        onSuccess: (card) => {
          notifications.show({ color: 'green', message: `Tarjeta virtual emitida: ${card.Payload.MaskedPan}` });
          onDone();
          void navigate(linkOf(card.CardIdentifier));
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      {issue.isError ? <ErrorAlert error={issue.error} title="No se emitió la tarjeta" /> : null}
      <Text size="sm">La tarjeta queda activa al instante; su número, CVV y vigencia se generan y se guardan cifrados.</Text>
      <TextInput
        label="Identificador del tarjetahabiente"
        required
        value={holder}
        onChange={(e) => setHolder(e.currentTarget.value)}
        data-testid="virtual-holder"
      />
      <Switch
        label="Un solo uso"
        description="Se cancela al capturarse su primera compra."
        checked={singleUse}
        onChange={(e) => setSingleUse(e.currentTarget.checked)}
      />
      <Radio.Group label="Bloqueo de comercio" value={lock} onChange={(v) => setLock(v as VirtualMerchantLock)}>
        <Group mt={4} wrap="wrap">
          {Object.entries(VIRTUAL_MERCHANT_LOCKS).map(([value, label]) => (
            <Radio key={value} value={value} label={label} />
          ))}
        </Group>
      </Radio.Group>
      {lock === 'given' ? (
        <TextInput
          label="Comercio (identificador o nombre)"
          required
          value={merchant}
          onChange={(e) => setMerchant(e.currentTarget.value)}
          data-testid="virtual-merchant"
        />
      ) : null}
      <Title order={3} fz="md">
        Límites de la tarjeta
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {LIMITS.map(([name, label]) => (
          <MoneyInput
            key={name}
            label={label}
            placeholder="Sin límite"
            value={limits[name]}
            error={errors[name]}
            onChange={(text) => setLimits({ ...limits, [name]: text })}
          />
        ))}
      </SimpleGrid>
      <Title order={3} fz="md">
        Controles
      </Title>
      <ControlsFields value={controls} onChange={(patch) => setControls({ ...controls, ...patch })} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button loading={issue.isPending} onClick={submit}>
          Emitir tarjeta
        </Button>
      </Group>
    </Stack>
  );
}
