import { Alert, Button, Divider, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { MoneyInput, useMoneyText } from '../../components/money-input';
import { errorText } from '../../lib/api-client';
import { useCan } from '../../lib/api/get-menu-permissions';
import { useMoneyIntent } from '../../lib/money';
import { useWalletDeposit } from './api';
import { WalletMovementsList } from './movements-page';
import { WalletSummarySection } from './summary-section';

/** Staff, from Usuarios Wallet: the wallet's balance and movements (read-only) and a sandbox deposit. */
export function WalletStaffPanel({ userId }: { userId: string }) {
  const canDeposit = useCan('/user/wallet', 'Editar');
  const deposit = useWalletDeposit();
  const intent = useMoneyIntent();
  const amount = useMoneyText();
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setError(null);
    const Amount = amount.read();
    if (!Amount) return;
    try {
      // A SPEI concept (ConceptField): up to 39 characters, ASCII letters, digits and spaces only — no accents.
      const body = { UserId: userId, Amount, Concept: 'Deposito de prueba' };
      const m = await intent(body, (idempotencyKey) => deposit.mutateAsync({ body, idempotencyKey }));
      if (m) {
        notifications.show({ color: 'green', message: 'Depósito registrado' });
        amount.clear();
      }
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Stack gap="md" data-testid="wallet-staff-panel">
      <WalletSummarySection userId={userId} />
      {canDeposit ? (
        <>
          <Divider label="Depósito (sandbox)" labelPosition="left" />
          <Group align="flex-end">
            <MoneyInput label="Monto del depósito" {...amount.input} w={220} />
            <Button onClick={() => void send()} loading={deposit.isPending}>
              Abonar
            </Button>
          </Group>
          {error ? <Alert color="red">{error}</Alert> : null}
        </>
      ) : null}
      <Divider label="Movimientos" labelPosition="left" />
      <WalletMovementsList userId={userId} />
    </Stack>
  );
}
