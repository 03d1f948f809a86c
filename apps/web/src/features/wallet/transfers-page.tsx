import { CONFIRM_WITH_NAMES, type BusinessMovement, type WalletPreview } from '@far/contracts';
import { Alert, Button, Checkbox, Group, Paper, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { DetailGrid } from '../../components/detail-grid';
import { LedgerLines } from '../../components/ledger-lines';
import { MoneyInput } from '../../components/money-input';
import { movementIdItem } from '../../components/movement-id';
import { MovementStatusBadge } from '../../components/movement-status-badge';
import { PageHeader } from '../../components/page-header';
import { MoneyText } from '../../components/value-text';
import { errorText } from '../../lib/api-client';
import { apiCents, typedAmountToApi, useMoneyIntent } from '../../lib/money';
import {
  useDownloadWalletProof,
  usePreview,
  useRequestCode,
  useSaveAccount,
  useSavedAccounts,
  useWalletSpeiOut,
  useWalletSummary,
  useWalletMovement,
  useWalletTransfer,
} from './api';

type Kind = 'WALLET' | 'SPEI';
const EMPTY = { recipient: '', savedId: null as string | null, clabe: '', name: '', amount: '', concept: '', reference: '', save: false, alias: '' };

function Result({ m, onAnother }: { m: BusinessMovement; onAnother: () => void }) {
  const proof = useDownloadWalletProof();
  // The ledger lines of the wallet's own account, once posted (a wallet-to-wallet transfer at once).
  const entries = useWalletMovement(m.Id).data?.Entries ?? [];
  return (
    <Paper withBorder p="md" data-testid="wallet-transfer-result">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {m.MovementType === 'WALLET_OUT' ? 'Envío realizado' : 'Transferencia registrada'}
          </Title>
          <MovementStatusBadge status={m.StatusBusinessMovement} />
        </Group>
        <DetailGrid
          items={[
            { label: 'Destinatario', value: m.Beneficiary.Name },
            { label: 'Monto', value: <MoneyText cents={apiCents(m.MovementAmount)} inherit /> },
            { label: 'Total cargado', value: <MoneyText cents={apiCents(m.TotalAmount)} inherit /> },
            movementIdItem(m),
            { label: 'Saldo disponible', value: <MoneyText cents={apiCents(m.RemainingBalance)} inherit /> },
          ]}
        />
        {entries.length > 0 ? <LedgerLines entries={entries} /> : null}
        <Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={proof.isPending}
            onClick={() => proof.mutate({ id: m.Id, trackingKey: m.TrackingKey })}
          >
            Descargar comprobante
          </Button>
          <Button variant="subtle" onClick={onAnother}>
            Hacer otro envío
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /dispersal/transfer for a wallet user: to another wallet (instant) or SPEI to a CLABE, with preview and code or PIN. */
export function WalletTransfersPage() {
  const summary = useWalletSummary();
  const saved = useSavedAccounts();
  const [kind, setKind] = useState<Kind>('WALLET');
  const [f, setF] = useState(EMPTY);
  const [preview, setPreview] = useState<WalletPreview | null>(null);
  const [secret, setSecret] = useState('');
  const [done, setDone] = useState<BusinessMovement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string>();
  const previewCall = usePreview();
  const code = useRequestCode();
  const toWallet = useWalletTransfer();
  const spei = useWalletSpeiOut();
  const saveAccount = useSaveAccount();
  const intent = useMoneyIntent();
  const confirmWith = summary.data?.ConfirmWith ?? 'code';
  const set = (patch: Partial<typeof EMPTY>) => {
    setF((x) => ({ ...x, ...patch }));
    setPreview(null);
    setError(null);
    setAmountError(undefined);
  };
  const reset = () => {
    setF(EMPTY);
    setPreview(null);
    setSecret('');
    setDone(null);
    setError(null);
  };

  // The typed amount as the API's text ('1,234.5' → '1234.50'); null, with the field's message, when it cannot be read.
  const apiAmount = (): string | null => {
    const read = typedAmountToApi(f.amount);
    setAmountError('message' in read ? read.message : undefined);
    return 'amount' in read ? read.amount : null;
  };

  const review = () => {
    setError(null);
    const Amount = apiAmount();
    if (!Amount) return;
    previewCall.mutate(
      { Kind: kind, Amount, Recipient: kind === 'WALLET' ? f.recipient : undefined },
      { onSuccess: setPreview, onError: (e) => setError(errorText(e)) },
    );
  };

  const send = async () => {
    setError(null);
    const confirmation = confirmWith === 'pin' ? { Pin: secret } : { SecurityCode: secret };
    const Amount = apiAmount();
    if (!Amount) return;
    try {
      if (kind === 'SPEI' && f.save && !f.savedId && f.alias.trim())
        await saveAccount.mutateAsync({ Alias: f.alias.trim(), HolderName: f.name, Clabe: f.clabe });
      const body =
        kind === 'WALLET'
          ? { Recipient: f.recipient, Amount, Concept: f.concept.trim() || undefined }
          : {
              ...(f.savedId ? { SavedAccountId: f.savedId } : { Clabe: f.clabe, BeneficiaryName: f.name }),
              Amount,
              Concept: f.concept,
              Reference: f.reference,
            };
      const m = await intent(body, (idempotencyKey) =>
        kind === 'WALLET'
          ? toWallet.mutateAsync({ body: { ...body, ...confirmation } as never, idempotencyKey })
          : spei.mutateAsync({ body: { ...body, ...confirmation } as never, idempotencyKey }),
      );
      if (m) {
        setDone(m);
        setSecret('');
      }
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <>
      <PageHeader title="Transferencias" description="Envía dinero a otro usuario Wallet al instante, o una transferencia SPEI a cualquier CLABE." />
      {done ? (
        <Result m={done} onAnother={reset} />
      ) : (
        <Stack gap="md" maw={720}>
          <SegmentedControl
            value={kind}
            onChange={(v) => {
              setKind(v as Kind);
              reset();
            }}
            data={[
              { value: 'WALLET', label: 'A otro Wallet' },
              { value: 'SPEI', label: 'Transferencia SPEI' },
            ]}
            fullWidth
          />
          <Paper withBorder p="md">
            <Stack gap="sm">
              {kind === 'WALLET' ? (
                <TextInput
                  label="Destinatario"
                  description="Correo, teléfono (10 dígitos) o CLABE del usuario Wallet"
                  value={f.recipient}
                  onChange={(e) => set({ recipient: e.currentTarget.value })}
                  required
                />
              ) : (
                <>
                  <Select
                    label="Cuenta registrada"
                    placeholder="Escribir una CLABE"
                    clearable
                    data={(saved.data ?? []).map((a) => ({ value: a.Id, label: `${a.Alias} · ${a.BankName} ••${a.Clabe.slice(-4)}` }))}
                    value={f.savedId}
                    onChange={(v) => set({ savedId: v })}
                  />
                  {f.savedId ? null : (
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput label="CLABE" value={f.clabe} onChange={(e) => set({ clabe: e.currentTarget.value })} inputMode="numeric" required />
                      <TextInput label="Nombre del beneficiario" value={f.name} onChange={(e) => set({ name: e.currentTarget.value })} required />
                      <Checkbox label="Guardar esta cuenta" checked={f.save} onChange={(e) => set({ save: e.currentTarget.checked })} mt="xs" />
                      {f.save ? <TextInput label="Alias de la cuenta" value={f.alias} onChange={(e) => set({ alias: e.currentTarget.value })} /> : null}
                    </SimpleGrid>
                  )}
                </>
              )}
              <SimpleGrid cols={{ base: 1, sm: kind === 'SPEI' ? 3 : 2 }}>
                <MoneyInput label="Monto" value={f.amount} error={amountError} onChange={(amount) => set({ amount })} required />
                <TextInput label="Concepto" value={f.concept} onChange={(e) => set({ concept: e.currentTarget.value })} required={kind === 'SPEI'} />
                {kind === 'SPEI' ? (
                  <TextInput
                    label="Referencia numérica"
                    inputMode="numeric"
                    value={f.reference}
                    onChange={(e) => set({ reference: e.currentTarget.value })}
                    required
                  />
                ) : null}
              </SimpleGrid>
              {preview ? null : (
                <Group>
                  <Button onClick={review} loading={previewCall.isPending}>
                    Continuar
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
          {error ? (
            <Alert color="red" title="No se realizó el envío" data-testid="wallet-transfer-error">
              {error}
            </Alert>
          ) : null}
          {preview ? (
            <Paper withBorder p="md" data-testid="wallet-preview">
              <Stack gap="sm">
                <Title order={2} fz="md">
                  Revisa y confirma
                </Title>
                <DetailGrid
                  items={[
                    ...(preview.Recipient ? [{ label: 'Destinatario', value: `${preview.Recipient.Name} (${preview.Recipient.Clabe})` }] : []),
                    { label: 'Monto', value: <MoneyText cents={apiCents(preview.Amount)} inherit /> },
                    { label: 'Comisión', value: <MoneyText cents={apiCents(preview.Commission)} inherit /> },
                    { label: 'IVA', value: <MoneyText cents={apiCents(preview.IVA)} inherit /> },
                    { label: 'Total', value: <MoneyText cents={apiCents(preview.Total)} fw={700} inherit /> },
                    { label: 'Saldo después del envío', value: <MoneyText cents={apiCents(preview.RemainingBalance)} inherit /> },
                    { label: 'Límite diario restante', value: <MoneyText cents={apiCents(preview.RemainingLimit)} inherit /> },
                  ]}
                />
                <Text size="sm">Confirma con tu {CONFIRM_WITH_NAMES[confirmWith].toLowerCase()}.</Text>
                {confirmWith === 'pin' ? (
                  <PasswordInput
                    label="NIP"
                    maxLength={4}
                    autoComplete="off"
                    inputMode="numeric"
                    value={secret}
                    onChange={(e) => setSecret(e.currentTarget.value)}
                    w={200}
                  />
                ) : (
                  <Group align="flex-end">
                    <TextInput
                      label="Código de seguridad"
                      inputMode="numeric"
                      maxLength={6}
                      autoComplete="one-time-code"
                      value={secret}
                      onChange={(e) => setSecret(e.currentTarget.value)}
                      w={200}
                      description={code.data ? `Enviamos un código a ${code.data.CodeDeliveryDetails.Destination}` : undefined}
                    />
                    <Button
                      variant="light"
                      loading={code.isPending}
                      onClick={() => code.mutate(kind === 'WALLET' ? 'wallet-transfer' : 'spei-out', { onError: (e) => setError(errorText(e)) })}
                    >
                      {code.isSuccess ? 'Reenviar código' : 'Enviar código'}
                    </Button>
                  </Group>
                )}
                <Group>
                  <Button leftSection={<IconSend size={16} />} onClick={() => void send()} loading={toWallet.isPending || spei.isPending} disabled={!secret}>
                    Confirmar envío
                  </Button>
                  <Button variant="subtle" onClick={() => setPreview(null)}>
                    Modificar
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      )}
    </>
  );
}
