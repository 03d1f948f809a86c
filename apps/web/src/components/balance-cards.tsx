import type { BalanceOut } from '@far/contracts';
import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsExchange, IconBuildingBank, IconWallet, type Icon } from '@tabler/icons-react';
import { apiCents } from '../lib/money';
import { ErrorAlert } from './error-alert';
import { MoneyText } from './value-text';

function Card({
  label,
  hint,
  value,
  icon: IconCmp,
  color,
  testId,
  loading,
}: {
  label: string;
  hint: string;
  value: string | undefined;
  icon: Icon;
  color: string;
  testId: string;
  loading: boolean;
}) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          {loading ? <Skeleton h={32} w={160} /> : <MoneyText cents={apiCents(value)} fz={26} fw={700} lh={1.25} data-testid={`${testId}-value`} />}
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
        <ThemeIcon size={42} radius="md" variant="light" color={color}>
          <IconCmp size={22} />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

/**
 * The §3 Balance of a business: available (what can be sent now), in transit (held for transfers
 * not yet settled) and posted (the ledger balance; available = posted − in transit).
 */
export function BalanceCards({
  balance,
  loading,
  error,
  onRetry,
  accountLabel = 'Tu CLABE para recibir SPEI',
}: {
  balance: BalanceOut | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  accountLabel?: string;
}) {
  if (error && !balance) return <ErrorAlert error={error} title="No fue posible cargar el saldo" onRetry={onRetry} />;
  const busy = Boolean(loading) && !balance;
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card
          label="Saldo disponible"
          hint="Lo que puedes enviar ahora"
          value={balance?.availableBalance}
          icon={IconWallet}
          color="teal"
          testId="balance-available"
          loading={busy}
        />
        <Card
          label="En tránsito"
          hint="Retenido por transferencias sin liquidar"
          value={balance?.transitBalance}
          icon={IconArrowsExchange}
          color="orange"
          testId="balance-transit"
          loading={busy}
        />
        <Card
          label="Saldo contable"
          hint="Registrado en el libro mayor"
          value={balance?.balance}
          icon={IconBuildingBank}
          color="far"
          testId="balance-posted"
          loading={busy}
        />
      </SimpleGrid>
      {balance?.account ? (
        <Text size="xs" c="dimmed" data-testid="balance-account">
          {accountLabel}:{' '}
          <Text span className="tabular" fw={600} c="dark" inherit>
            {balance.account}
          </Text>
        </Text>
      ) : null}
    </Stack>
  );
}
