import { SecurityCodeField, type BusinessMovement, type ValuesAndCommissions } from '@far/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconMail, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DetailGrid } from '../../components/detail-grid';
import { ErrorAlert } from '../../components/error-alert';
import { HolderConfirm } from '../../components/holder-confirm';
import { REQUIRED_MARK } from '../../components/required-mark';
import { isApiError } from '../../lib/api-client';
import { date } from '../../lib/format';
import { FORM_SETTINGS, applyServerErrors } from '../../lib/forms';
import { useMoneyIntent } from '../../lib/money';
import { REQUIRED } from '../../lib/validation';
import { useRequestSecurityCode } from './api/request-security-code';
import { useSendSpeiOut, type SpeiOutInput } from './api/send-spei-out';
import type { TransferDraft } from './transfer-form';
import { ValuePreview } from './value-preview';
import { MONO_INPUT } from './ui';

const codeSchema = z.object({ SecurityCode: z.string({ message: REQUIRED }).trim().min(1, REQUIRED).pipe(SecurityCodeField) });
type CodeValues = z.infer<typeof codeSchema>;

export function speiOutBody(draft: TransferDraft, code: string, confirmHolder = false): SpeiOutInput {
  const base = {
    Amount: draft.amount,
    Concept: draft.concept,
    Reference: draft.reference,
    SecurityCode: code,
    ...(draft.paymentDay ? { PaymentDay: draft.paymentDay } : {}),
    ...(confirmHolder ? { ConfirmHolder: true } : {}),
  };
  return draft.destination.kind === 'account'
    ? { ...base, ClabeAccountId: draft.destination.account.Id }
    : { ...base, Clabe: draft.destination.clabe, BeneficiaryName: draft.beneficiaryName };
}

interface Props {
  draft: TransferDraft;
  preview: ValuesAndCommissions;
  onBack: () => void;
  onSent: (movement: BusinessMovement) => void;
}

/**
 * Step 2: the value-and-commission preview, then the six-digit code of the 'spei-out' operation.
 * One Idempotency-Key belongs to this confirmation (made when it opens and reused if the same
 * submission is retried), so a double click or a retry after a lost answer never sends twice; a
 * refused attempt moves nothing and can be retried under the same key with a corrected code.
 */
export function TransferReview({ draft, preview, onBack, onSent }: Props) {
  const submitIntent = useMoneyIntent();
  const sendCode = useRequestSecurityCode();
  const send = useSendSpeiOut();
  const form = useForm<CodeValues>({ ...FORM_SETTINGS, resolver: zodResolver(codeSchema), defaultValues: { SecurityCode: '' } });
  const { errors } = form.formState;
  const enabled = preview.Commissions.EnableSpeiOut;
  // The holder check refused a CLABE whose holder is someone else: the business may confirm it.
  const [confirmHolder, setConfirmHolder] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The intent is the transfer drafted: a corrected code is the same intent, under the same key.
      const movement = await submitIntent(draft, (idempotencyKey) =>
        send.mutateAsync({ body: speiOutBody(draft, values.SecurityCode, confirmHolder), idempotencyKey }),
      );
      if (movement) onSent(movement);
    } catch (error) {
      // The server names the code 'Code'; its message carries the attempts left.
      if (isApiError(error)) applyServerErrors(form.setError, error, ['SecurityCode'], { Code: 'SecurityCode' });
    }
  });

  return (
    <Stack gap="md" data-testid="transfer-review">
      <Paper withBorder p="md">
        <Title order={3} fz="sm" mb="sm">
          Beneficiario
        </Title>
        <DetailGrid
          items={[
            { label: 'Nombre', value: draft.beneficiaryName },
            {
              label: 'CLABE',
              value: (
                <Text span className="tabular" inherit>
                  {draft.clabe}
                </Text>
              ),
            },
            { label: 'Banco', value: draft.bankName || '—' },
            ...(draft.destination.kind === 'account' ? [{ label: 'Alias', value: draft.destination.account.Alias }] : []),
            { label: 'Concepto', value: draft.concept },
            { label: 'Referencia numérica', value: draft.reference },
            { label: 'Fecha de envío', value: draft.paymentDay ? `Programada para el ${date(draft.paymentDay)}` : 'Al confirmar' },
          ]}
        />
      </Paper>
      <ValuePreview preview={preview} />
      <form onSubmit={onSubmit} noValidate data-testid="form-transfer-confirm">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3} fz="sm">
              Confirma con tu código de seguridad
            </Title>
            <Text size="sm" c="dimmed">
              Te enviaremos un código de 6 dígitos a tu correo. Escríbelo para autorizar la transferencia. Si tu empresa pide la autorización de un segundo
              usuario para este monto, la transferencia quedará «Por autorizar» y no se retiene ni se envía nada hasta entonces.
            </Text>
            {sendCode.isError ? <ErrorAlert error={sendCode.error} title="No fue posible enviar el código" /> : null}
            {send.isError && !(isApiError(send.error) && send.error.fieldErrors.some((f) => f.field === 'SecurityCode' || f.field === 'Code')) ? (
              <ErrorAlert error={send.error} title="No fue posible enviar la transferencia" />
            ) : null}
            <HolderConfirm error={send.error} checked={confirmHolder} onChange={setConfirmHolder} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  label="Código de seguridad"
                  {...REQUIRED_MARK}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  {...MONO_INPUT}
                  style={{ flex: 1 }}
                  description={sendCode.data ? `Enviamos un código a ${sendCode.data.CodeDeliveryDetails.Destination}` : undefined}
                  error={errors.SecurityCode?.message}
                  {...form.register('SecurityCode')}
                />
                <Button variant="light" leftSection={<IconMail size={16} />} loading={sendCode.isPending} disabled={!enabled} onClick={() => sendCode.mutate()}>
                  {sendCode.data ? 'Reenviar código' : 'Enviar código'}
                </Button>
              </Group>
            </SimpleGrid>
            <Group justify="space-between" mt="xs">
              <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack} disabled={send.isPending}>
                Regresar
              </Button>
              <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending || form.formState.isSubmitting} disabled={!enabled}>
                Confirmar transferencia
              </Button>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
