import type { Budget } from '@far/contracts';
import { Alert, Badge, Button, Group, Modal, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { DayInput } from '../../components/day-input';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { ErrorAlert } from '../../components/error-alert';
import { MoneyInput, useMoneyText } from '../../components/money-input';
import { PageHeader } from '../../components/page-header';
import { MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { apiCents } from '../../lib/money';
import { useBudgetMovement, useBudgets, useCreateBudget, useUpdateBudget, useWalletSummary } from './api';
import { BudgetProgress } from './summary-section';

function MoveDialog({ budget, onClose }: { budget: Budget; onClose: () => void }) {
  const [type, setType] = useState<'add' | 'minus'>('add');
  const amount = useMoneyText();
  const [error, setError] = useState<string | null>(null);
  const move = useBudgetMovement();
  const submit = () => {
    const n_amount = amount.read();
    if (!n_amount) return;
    move.mutate(
      { id: budget.v_uid, v_type: type, n_amount },
      {
        onSuccess: (r) => {
          notifications.show({
            color: 'green',
            message: r.Budget.GoalMet && type === 'add' ? `¡Meta alcanzada en ${budget.v_name}!` : type === 'add' ? 'Dinero apartado' : 'Dinero retirado',
          });
          onClose();
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Presupuesto ${budget.v_name}`}>
      <Stack gap="sm">
        <SegmentedControl
          value={type}
          onChange={(v) => setType(v as 'add' | 'minus')}
          data={[
            { value: 'add', label: 'Apartar' },
            { value: 'minus', label: 'Retirar' },
          ]}
        />
        <MoneyInput label="Monto" {...amount.input} data-autofocus />
        {error ? <Alert color="red">{error}</Alert> : null}
        <Button onClick={submit} loading={move.isPending}>
          {type === 'add' ? 'Apartar dinero' : 'Retirar dinero'}
        </Button>
      </Stack>
    </Modal>
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const goal = useMoneyText();
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateBudget();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} fz="md">
          Nuevo presupuesto
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Nombre" value={name} onChange={(e) => setName(e.currentTarget.value)} required />
          <MoneyInput label="Meta" {...goal.input} required />
          <DayInput label="Fecha objetivo (opcional)" clearable value={target || null} onChange={(v) => setTarget(v ? String(v).slice(0, 10) : '')} />
        </SimpleGrid>
        {error ? <Alert color="red">{error}</Alert> : null}
        <Group>
          <Button
            loading={create.isPending}
            onClick={() => {
              const n_goal_amount = goal.read();
              if (!n_goal_amount) return;
              create.mutate(
                { v_name: name, n_goal_amount, d_target_date: target || undefined },
                {
                  onSuccess: () => {
                    notifications.show({ color: 'green', message: 'Presupuesto creado' });
                    onDone();
                  },
                  onError: (e) => setError(errorText(e)),
                },
              );
            }}
          >
            Crear presupuesto
          </Button>
          <Button variant="subtle" onClick={onDone}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /dispersal/budget: money set aside (ledger sub-accounts), with goal, progress, add/minus and deactivation. */
export function BudgetsPage() {
  const budgets = useBudgets();
  const summary = useWalletSummary();
  const update = useUpdateBudget();
  const [creating, setCreating] = useState(false);
  const [moving, setMoving] = useState<Budget | null>(null);
  const deactivate = (b: Budget) =>
    openConfirmDialog({
      title: 'Desactivar presupuesto',
      message: `El saldo de ${b.v_name} regresará a tu saldo disponible.`,
      confirmLabel: 'Desactivar',
      danger: true,
      onConfirm: () =>
        update.mutate({ id: b.v_uid, body: { i_active: false } }, { onError: (e) => notifications.show({ color: 'red', message: errorText(e) }) }),
    });
  return (
    <>
      <PageHeader
        title="Presupuestos"
        description={
          <>
            Aparta dinero para tus metas. Disponible para apartar: <MoneyText cents={apiCents(summary.data?.Balance.AvailableBalance)} fw={600} inherit />
          </>
        }
        actions={
          creating ? null : (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nuevo presupuesto
            </Button>
          )
        }
      />
      <Stack gap="md">
        {creating ? <CreateForm onDone={() => setCreating(false)} /> : null}
        {budgets.isError ? <ErrorAlert error={budgets.error} title="No fue posible cargar tus presupuestos" onRetry={() => void budgets.refetch()} /> : null}
        {budgets.data && budgets.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            Aún no tienes presupuestos.
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {(budgets.data ?? []).map((b) => (
            <Paper key={b.v_uid} withBorder p="md" data-testid="budget-card">
              <Stack gap="sm">
                <BudgetProgress b={b} />
                <Group justify="space-between">
                  {b.i_active ? (
                    b.GoalMet ? (
                      <Badge color="green">Meta alcanzada</Badge>
                    ) : (
                      <Badge variant="light">Activo</Badge>
                    )
                  ) : (
                    <Badge color="gray">Inactivo</Badge>
                  )}
                  {b.i_active ? (
                    <Group gap="xs">
                      <Button size="xs" onClick={() => setMoving(b)}>
                        Apartar o retirar
                      </Button>
                      <Button size="xs" variant="subtle" color="red" onClick={() => deactivate(b)}>
                        Desactivar
                      </Button>
                    </Group>
                  ) : (
                    <Button size="xs" variant="subtle" onClick={() => update.mutate({ id: b.v_uid, body: { i_active: true } })}>
                      Reactivar
                    </Button>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
      {moving ? <MoveDialog budget={moving} onClose={() => setMoving(null)} /> : null}
    </>
  );
}
