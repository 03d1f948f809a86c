import { CONFIRM_WITH_NAMES } from '@far/contracts';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { MoneyInput, useMoneyText } from '../../components/money-input';
import { DateText, MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { apiCents } from '../../lib/money';
import { useSetConfirmWith, useSetLimit, useWalletSummary } from './api';

/**
 * In /profile (wallet users): how transfers are confirmed (security code or PIN) and the user's own
 * daily limit (lowering applies at once, raising after the waiting period staff set).
 */
export function WalletSettingsCard() {
  const summary = useWalletSummary();
  const setLimit = useSetLimit();
  const setConfirm = useSetConfirmWith();
  const limit = useMoneyText();
  const [error, setError] = useState<string | null>(null);
  const s = summary.data;
  if (!s) return null;
  return (
    <Paper withBorder p="lg" data-testid="wallet-settings">
      <Title order={2} fz="lg" mb="sm">
        Transferencias
      </Title>
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Confirmar mis envíos con
          </Text>
          <SegmentedControl
            value={s.ConfirmWith}
            onChange={(v) =>
              setConfirm.mutate(v as 'code' | 'pin', {
                onSuccess: () => notifications.show({ color: 'green', message: 'Preferencia guardada' }),
                onError: (e) => setError(errorText(e)),
              })
            }
            data={(['code', 'pin'] as const).map((value) => ({ value, label: CONFIRM_WITH_NAMES[value] }))}
            maw={360}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Límite diario de envíos
          </Text>
          <Text size="sm">
            Vigente: <MoneyText cents={apiCents(s.Limit.DailyLimit)} fw={600} inherit />
            {s.Limit.IsDefault ? ' (el predeterminado: 1,500 UDIS)' : ''}
          </Text>
          {s.Limit.PendingLimit ? (
            <Text size="xs" c="dimmed">
              Aumento a <MoneyText cents={apiCents(s.Limit.PendingLimit)} inherit /> a partir del <DateText value={s.Limit.PendingFrom} withTime inherit />.
            </Text>
          ) : null}
          <Group align="flex-end">
            <MoneyInput label="Nuevo límite" {...limit.input} w={200} />
            <Button
              variant="light"
              loading={setLimit.isPending}
              onClick={() => {
                setError(null);
                const amount = limit.read();
                if (!amount) return;
                setLimit.mutate(amount, {
                  onSuccess: () =>
                    notifications.show({ color: 'green', message: 'Límite guardado. Bajarlo aplica al momento; subirlo, al terminar el periodo de espera.' }),
                  onError: (e) => setError(errorText(e)),
                });
              }}
            >
              Guardar límite
            </Button>
          </Group>
        </Stack>
        {error ? <Alert color="red">{error}</Alert> : null}
      </Stack>
    </Paper>
  );
}
