import type { BusinessMovement, ValuesAndCommissions } from '@far/contracts';
import { Alert, Paper, Stack, Stepper, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsExchange, IconInfoCircle, IconTools, IconUsersGroup } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BalanceCards } from '../../components/balance-cards';
import { DataTable, type Column } from '../../components/data-table';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingScreen } from '../../components/loading-screen';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { PageHeader } from '../../components/page-header';
import { DateText } from '../../components/value-text';
import { useMe } from '../../lib/api/get-me';
import { useCan } from '../../lib/api/get-menu-permissions';
import { useBalance } from './api/get-balance';
import { useMovements, type MovementFilters } from './api/list-movements';
import { useMyAccounts } from './api/list-my-accounts';
import { usePreviewValues } from './api/preview-values';
import { Counterparty, ProofButton, SignedAmount } from './movement-cells';
import { PendingTransactions } from './pending-transactions';
import { TransferForm, type TransferDraft } from './transfer-form';
import { TransferResult } from './transfer-result';
import { TransferReview } from './transfer-review';

const SCREEN = '/dispersal/transfer';
const RECENT: MovementFilters = { From: null, To: null, Type: 'SPEI_OUT', Status: null, Search: '' };

type Step = { at: 'form' } | { at: 'review'; draft: TransferDraft; preview: ValuesAndCommissions } | { at: 'done'; sent: BusinessMovement };

function NewTransfer() {
  const accounts = useMyAccounts();
  const preview = usePreviewValues();
  const [step, setStep] = useState<Step>({ at: 'form' });
  const [lastDraft, setLastDraft] = useState<TransferDraft | null>(null);
  const active = step.at === 'form' ? 0 : step.at === 'review' ? 1 : 2;

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Stepper active={active} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label="Datos" description="Destino, monto y concepto" />
          <Stepper.Step label="Confirmación" description="Comisiones y código" />
          <Stepper.Step label="Resultado" description="Clave de rastreo" />
        </Stepper>
        {step.at === 'form' ? (
          <Stack gap="sm">
            {preview.isError ? <ErrorAlert error={preview.error} title="No fue posible calcular las comisiones" /> : null}
            {accounts.isError ? <ErrorAlert error={accounts.error} title="No fue posible cargar tus cuentas" onRetry={() => void accounts.refetch()} /> : null}
            <TransferForm
              key={lastDraft ? 'again' : 'new'}
              accounts={accounts.data ?? []}
              accountsLoading={accounts.isPending}
              initial={lastDraft?.values}
              busy={preview.isPending}
              onContinue={(draft) =>
                preview.mutate(
                  { Amount: draft.amount },
                  {
                    onSuccess: (values) => {
                      setLastDraft(draft);
                      setStep({ at: 'review', draft, preview: values });
                    },
                  },
                )
              }
            />
          </Stack>
        ) : step.at === 'review' ? (
          <TransferReview draft={step.draft} preview={step.preview} onBack={() => setStep({ at: 'form' })} onSent={(sent) => setStep({ at: 'done', sent })} />
        ) : (
          <TransferResult
            sent={step.sent}
            onAnother={() => {
              setLastDraft(null);
              preview.reset();
              setStep({ at: 'form' });
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}

function RecentTransfers() {
  const [page, setPage] = useState(1);
  const recent = useMovements(RECENT, page, 5);
  const columns: Column<BusinessMovement>[] = [
    { key: 'date', header: 'Fecha', stack: 'date', render: (m) => <DateText size="sm" value={m.MovementDate} withTime /> },
    { key: 'to', header: 'Beneficiario', stack: 'title', render: (m) => <Counterparty m={m} /> },
    { key: 'concept', header: 'Concepto', render: (m) => <Text size="sm">{m.Concept}</Text> },
    {
      key: 'key',
      header: 'Clave de rastreo',
      render: (m) => (
        <Text size="xs" className="tabular">
          {m.TrackingKey}
        </Text>
      ),
    },
    { key: 'amount', header: 'Total', align: 'right', stack: 'amount', render: (m) => <SignedAmount m={m} /> },
    { key: 'status', header: 'Estatus', stack: 'status', render: (m) => <MovementStatusBadge status={m.StatusBusinessMovement} /> },
    { key: 'proof', header: 'Comprobante', align: 'right', render: (m) => <ProofButton m={m} /> },
  ];
  const data = recent.data;
  return (
    <Stack gap="xs">
      <Title order={2} fz="md">
        Últimas transferencias
      </Title>
      <DataTable
        testId="recent-transfers"
        columns={columns}
        rows={data?.Records}
        getRowId={(m) => m.Id}
        loading={recent.isFetching && !data}
        error={recent.isError ? recent.error : undefined}
        onRetry={() => void recent.refetch()}
        emptyText="Aún no envías transferencias"
        paging={data ? { page: data.Page, totalPages: data.TotalPages, total: data.TotalRecords, onPageChange: setPage } : undefined}
      />
    </Stack>
  );
}

function ComingSoonNote({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="xl" data-testid={testId}>
      <Stack align="center" gap="sm" py="lg" ta="center">
        <ThemeIcon size={52} radius="xl" variant="light">
          <IconTools size={26} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {title}
        </Text>
        <Text c="dimmed" maw={560}>
          {children}
        </Text>
      </Stack>
    </Paper>
  );
}

function BusinessTransfers({ dispersions }: { dispersions?: (canSend: boolean) => ReactNode }) {
  const [params] = useSearchParams();
  const canSend = useCan(SCREEN, 'Agregar');
  const canCancel = useCan(SCREEN, 'Borrar');
  const canSeeMovements = useCan('/movement', 'Ver');
  const balance = useBalance();
  return (
    <Tabs defaultValue={params.get('tab') === 'dispersions' ? 'dispersions' : 'transfers'} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="transfers" leftSection={<IconArrowsExchange size={16} />}>
          Transferencias
        </Tabs.Tab>
        <Tabs.Tab value="dispersions" leftSection={<IconUsersGroup size={16} />}>
          Dispersiones
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="transfers">
        <Stack gap="lg">
          <BalanceCards
            balance={balance.data}
            loading={balance.isPending}
            error={balance.isError ? balance.error : undefined}
            onRetry={() => void balance.refetch()}
          />
          {canSend ? (
            <NewTransfer />
          ) : (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
              Tu rol puede consultar las transferencias, pero no enviarlas.
            </Alert>
          )}
          <PendingTransactions canCancel={canCancel} />
          {canSeeMovements ? <RecentTransfers /> : null}
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="dispersions">{dispersions?.(canSend)}</Tabs.Panel>
    </Tabs>
  );
}

/** Transferencias y dispersiones (/dispersal/transfer); a wallet user's page is «Transferencias», as its menu entry. */
export function TransfersPage({ dispersions }: { dispersions?: (canSend: boolean) => ReactNode }) {
  const me = useMe();
  return (
    <>
      <PageHeader
        title={me.data?.kind === 'WAL' ? 'Transferencias' : 'Transferencias y dispersiones'}
        description={me.data?.kind === 'WAL' ? undefined : 'Envía transferencias SPEI a cuentas CLABE y sigue su estatus.'}
      />
      {me.isPending ? (
        <LoadingScreen label="Cargando…" />
      ) : me.isError ? (
        <ErrorAlert error={me.error} title="No fue posible cargar tu cuenta" onRetry={() => void me.refetch()} />
      ) : me.data.kind === 'WAL' ? (
        // The server accepts SPEI out from business accounts only (wallet money arrives with cards).
        <ComingSoonNote title="Las transferencias desde tu wallet se habilitarán próximamente" testId="wallet-transfers-coming-soon">
          Por ahora las transferencias SPEI se envían desde cuentas empresariales. Cuando tu wallet pueda enviar dinero, esta sección te lo permitirá sin que
          tengas que hacer nada.
        </ComingSoonNote>
      ) : (
        <BusinessTransfers dispersions={dispersions} />
      )}
    </>
  );
}
