import { AMOUNT_FIELD_MESSAGES, CLABE_MESSAGES, SPEI_MESSAGES, buildClabe, type ClabeAccount } from '@far/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { todayIso } from '../../lib/format';
import { CHOOSE_ACCOUNT, PAYMENT_DAY_MESSAGE, TransferForm, type TransferDraft } from './transfer-form';

const REQUIRED = 'Este campo es requerido';

const ACCOUNT: ClabeAccount = {
  Id: '0b8c7a0e-0000-4000-8000-0000000000aa',
  Alias: 'Nomina BBVA',
  AccountHolderName: 'Juan Perez Lopez',
  Clabe: '012180001234567899',
  NameFinancialInstitution: 'BBVA Mexico',
  FinancialInstitutionId: '012',
  RFC: null,
  BusinessId: '0b8c7a0e-0000-4000-8000-0000000000bb',
  IsInternalBusiness: false,
  IsAdmin: false,
  ClabeUsageScope: 'ALL',
  DailyTransferLimit: null,
  AccountTypeId: 40,
  IsActive: true,
  CreatedAt: '2026-11-01T00:00:00.000Z',
  UpdatedAt: '2026-11-01T00:00:00.000Z',
};

/** The message shown under a control (Mantine links it through aria-describedby). */
function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const el = document.getElementById(id);
    if (el?.classList.contains('mantine-InputWrapper-error')) return el.textContent;
  }
  return null;
}

function setup(accounts: ClabeAccount[] = [ACCOUNT]) {
  const onContinue = vi.fn<(draft: TransferDraft) => void>();
  const user = userEvent.setup();
  renderWithApp(<TransferForm accounts={accounts} onContinue={onContinue} />);
  return { user, onContinue };
}

/** A registered account chosen, with amount, concept and reference typed. */
async function fillForRegisteredAccount(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: 'Cuenta registrada' }));
  await user.click(await screen.findByRole('option', { name: /Nomina BBVA/, hidden: true }));
  await user.type(screen.getByLabelText('Monto'), '250');
  await user.type(screen.getByLabelText('Concepto'), 'Renta noviembre');
  await user.type(screen.getByLabelText('Referencia numérica'), '1');
}

describe('TransferForm', () => {
  it('an empty submit shows the message of every control and sends nothing', async () => {
    const { user, onContinue } = setup();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(CHOOSE_ACCOUNT)).toBeInTheDocument();
    expect(errorOf('Monto')).toBe(REQUIRED);
    expect(errorOf('Concepto')).toBe(REQUIRED);
    expect(errorOf('Referencia numérica')).toBe(REQUIRED);
    expect(onContinue).not.toHaveBeenCalled();
  });

  it('says why a concept, a reference or an amount is refused', async () => {
    const { user, onContinue } = setup();
    const submit = screen.getByRole('button', { name: 'Continuar' });

    await user.type(screen.getByLabelText('Concepto'), 'Pago de áreas comunes');
    await user.type(screen.getByLabelText('Referencia numérica'), '12345678');
    await user.type(screen.getByLabelText('Monto'), '0');
    await user.click(submit);
    await waitFor(() => expect(errorOf('Concepto')).toBe(SPEI_MESSAGES.concept));
    expect(errorOf('Referencia numérica')).toBe(SPEI_MESSAGES.reference);
    expect(errorOf('Monto')).toBe(AMOUNT_FIELD_MESSAGES.positive);

    await user.clear(screen.getByLabelText('Concepto'));
    await user.type(screen.getByLabelText('Concepto'), 'A'.repeat(40));
    await user.clear(screen.getByLabelText('Referencia numérica'));
    await user.type(screen.getByLabelText('Referencia numérica'), '12a');
    await user.clear(screen.getByLabelText('Monto'));
    await user.type(screen.getByLabelText('Monto'), '10.999');
    await waitFor(() => expect(errorOf('Monto')).toBe(AMOUNT_FIELD_MESSAGES.decimals));
    expect(errorOf('Concepto')).toBe(SPEI_MESSAGES.concept);
    expect(errorOf('Referencia numérica')).toBe(SPEI_MESSAGES.reference);

    for (const [typed, message] of [
      ['abc', AMOUNT_FIELD_MESSAGES.invalid],
      ['-5', AMOUNT_FIELD_MESSAGES.positive],
      ['1000000000', AMOUNT_FIELD_MESSAGES.max],
    ] as const) {
      await user.clear(screen.getByLabelText('Monto'));
      await user.type(screen.getByLabelText('Monto'), typed);
      await waitFor(() => expect(errorOf('Monto')).toBe(message));
    }
    expect(onContinue).not.toHaveBeenCalled();
  }, 20_000);

  it('checks a typed CLABE (length, check digit) and names its bank', async () => {
    const { user, onContinue } = setup([]);
    await user.click(screen.getByRole('radio', { name: 'Otra CLABE' }));
    const clabe = screen.getByLabelText('CLABE del beneficiario');

    await user.type(clabe, '01218000123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(errorOf('CLABE del beneficiario')).toBe(CLABE_MESSAGES.length));
    expect(errorOf('Nombre del beneficiario')).toBe(REQUIRED);

    await user.clear(clabe);
    await user.type(clabe, '012180001234567890'); // the right check digit is 9
    await waitFor(() => expect(errorOf('CLABE del beneficiario')).toBe(CLABE_MESSAGES.checkDigit));
    expect(screen.getByText('Banco: BBVA Mexico')).toBeInTheDocument();

    await user.clear(clabe);
    await user.type(clabe, '012180001234567899');
    await waitFor(() => expect(errorOf('CLABE del beneficiario')).toBeNull());

    await user.type(screen.getByLabelText('Nombre del beneficiario'), 'N'.repeat(40));
    await user.type(screen.getByLabelText('Monto'), '1,234.5');
    await user.type(screen.getByLabelText('Concepto'), 'Pago factura 88');
    await user.type(screen.getByLabelText('Referencia numérica'), '88');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(errorOf('Nombre del beneficiario')).toBe(SPEI_MESSAGES.beneficiaryName));
    expect(onContinue).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Nombre del beneficiario'));
    await user.type(screen.getByLabelText('Nombre del beneficiario'), 'Ana López');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    const draft = onContinue.mock.calls[0]![0];
    expect(draft.destination).toEqual({ kind: 'clabe', clabe: '012180001234567899' });
    expect(draft.amount).toBe('1234.50');
    expect(draft.amountCents).toBe(123450n);
    expect(draft.bankName).toBe('BBVA Mexico');
  }, 20_000);

  it('a registered account needs only amount, concept and reference', async () => {
    const { user, onContinue } = setup();
    await fillForRegisteredAccount(user);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    const draft = onContinue.mock.calls[0]![0];
    expect(draft.destination.kind).toBe('account');
    expect(draft.clabe).toBe(ACCOUNT.Clabe);
    expect(draft.amount).toBe('250.00');
    expect(buildClabe('012', '180', '00123456789')).toBe(ACCOUNT.Clabe);
  });

  it('refuses a past or today send date beside the field, and takes a future one', async () => {
    const { user, onContinue } = setup();
    await fillForRegisteredAccount(user);
    const [y, m, d] = todayIso().split('-').map(Number) as [number, number, number];
    const typed = (offset: number) => {
      const day = new Date(Date.UTC(y, m - 1, d + offset));
      return `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    };
    const dateField = screen.getByLabelText('Fecha de envío');

    for (const offset of [0, -3]) {
      await user.clear(dateField);
      await user.type(dateField, typed(offset));
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      await waitFor(() => expect(errorOf('Fecha de envío')).toBe(PAYMENT_DAY_MESSAGE));
      expect(dateField).toHaveAttribute('aria-invalid', 'true');
    }
    expect(onContinue).not.toHaveBeenCalled();

    await user.clear(dateField);
    await user.type(dateField, typed(2));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(onContinue).toHaveBeenCalledTimes(1));
    expect(errorOf('Fecha de envío')).toBeNull();
    const future = new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10);
    expect(onContinue.mock.calls[0]![0].paymentDay).toBe(future);
  }, 20_000);
});
