import type { BusinessMovement } from '@far/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, renderWithApp, signedInWithFetch } from '../../test/render';
import { toDraft, type TransferValues } from './transfer-form';
import { TransferReview } from './transfer-review';

const fetchMock = signedInWithFetch();

const VALUES: TransferValues = {
  mode: 'clabe',
  ClabeAccountId: '',
  Clabe: '012180001234567899',
  BeneficiaryName: 'Ana López',
  Amount: '100',
  Concept: 'Pago 1',
  Reference: '7',
  PaymentDay: '',
};
const PREVIEW = {
  Commissions: { CommissionSpeiInInPercentage: '0.5', EnableSpeiOut: true, CommissionSpeiOutInFixedValue: '5.00', CommisionIvaPercentage: '16' },
  Values: { Amount: '100.00', Commission: '5.00', IVA: '0.80', TotalAmount: '105.80', RemainingBalance: '894.20' },
};

describe('TransferReview', () => {
  it('sends one Idempotency-Key per confirmation and reuses it when the same confirmation is retried', async () => {
    const keys: Array<string | null> = [];
    const bodies: Array<Record<string, unknown>> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/business-movement/speiout')) {
        keys.push(new Headers(init?.headers).get('Idempotency-Key'));
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        if (keys.length === 1)
          return answer(null, 400, {
            ErrorCode: 'VALIDATION',
            message: 'El código no es correcto. Te quedan 2 intentos.',
            errors: [{ field: 'Code', key: 'code', message: 'El código no es correcto. Te quedan 2 intentos.' }],
          });
        return answer({ Id: 'm1' } as Partial<BusinessMovement>);
      }
      return answer(null, 404);
    });
    const onSent = vi.fn();
    const user = userEvent.setup();
    const draft = toDraft(VALUES, [])!;
    renderWithApp(<TransferReview draft={draft} preview={PREVIEW} onBack={() => {}} onSent={onSent} />);

    await user.click(screen.getByRole('button', { name: 'Confirmar transferencia' }));
    expect(await screen.findByText('Este campo es requerido')).toBeInTheDocument();
    expect(keys).toHaveLength(0);

    await user.type(screen.getByLabelText('Código de seguridad'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirmar transferencia' }));
    // The wrong-code message, with the attempts left, stands on the code control.
    expect(await screen.findByText('El código no es correcto. Te quedan 2 intentos.')).toBeInTheDocument();
    expect(screen.getByLabelText('Código de seguridad')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('No fue posible enviar la transferencia')).toBeNull();

    await user.clear(screen.getByLabelText('Código de seguridad'));
    await user.type(screen.getByLabelText('Código de seguridad'), '222222');
    await user.click(screen.getByRole('button', { name: 'Confirmar transferencia' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[1]).toEqual({
      Amount: '100.00',
      Concept: 'Pago 1',
      Reference: '7',
      SecurityCode: '222222',
      Clabe: '012180001234567899',
      BeneficiaryName: 'Ana López',
    });
  }, 20_000);

  it('two clicks on Confirmar send one transfer: the second waits for the first and the button is disabled meanwhile', async () => {
    const keys: Array<string | null> = [];
    let release: () => void = () => {};
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/business-movement/speiout')) {
        keys.push(new Headers(init?.headers).get('Idempotency-Key'));
        await new Promise<void>((resolve) => (release = resolve));
        return answer(null, 500);
      }
      return answer(null, 404);
    });
    const user = userEvent.setup();
    renderWithApp(<TransferReview draft={toDraft(VALUES, [])!} preview={PREVIEW} onBack={() => {}} onSent={() => {}} />);
    await user.type(screen.getByLabelText('Código de seguridad'), '123456');
    const confirm = screen.getByRole('button', { name: 'Confirmar transferencia' });
    await user.dblClick(confirm);
    await user.click(confirm);
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect(confirm).toBeDisabled());
    release();
    await waitFor(() => expect(confirm).not.toBeDisabled());
    expect(keys).toHaveLength(1);
  });

  it('a holder mismatch shows «Confirmar titular»; checked, the retry carries ConfirmHolder', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const refusal = 'El titular de la CLABE es ANA GARCIA LOPEZ y no coincide con el nombre o RFC indicados. Confirma el titular para continuar';
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/business-movement/speiout')) {
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        if (bodies.length === 1)
          return answer({ HolderCheck: 'mismatch', HolderName: 'ANA GARCIA LOPEZ', HolderRfc: null }, 422, { ErrorCode: 'BUSINESS_RULE', message: refusal });
        return answer({ Id: 'm1' } as Partial<BusinessMovement>);
      }
      return answer(null, 404);
    });
    const user = userEvent.setup();
    renderWithApp(<TransferReview draft={toDraft(VALUES, [])!} preview={PREVIEW} onBack={() => {}} onSent={() => {}} />);
    expect(screen.queryByLabelText('Confirmar titular')).toBeNull();
    await user.type(screen.getByLabelText('Código de seguridad'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirmar transferencia' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Confirmar titular'));
    await user.click(screen.getByRole('button', { name: 'Confirmar transferencia' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]!.ConfirmHolder).toBeUndefined();
    expect(bodies[1]!.ConfirmHolder).toBe(true);
  }, 20_000);
});
