import { CLABE_MESSAGES } from '@far/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, renderWithApp, signedInWithFetch } from '../../test/render';
import { ClabeAccountForm, institutionOf } from './clabe-account-form';

const fetchMock = signedInWithFetch();

const TYPES = [
  { key: 40, description: 'CLABE', active: true },
  { key: 3, description: 'Tarjeta de débito', active: false },
  { key: 10, description: 'Teléfono celular', active: false },
];

function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const el = document.getElementById(id);
    if (el?.classList.contains('mantine-InputWrapper-error')) return el.textContent;
  }
  return null;
}

describe('ClabeAccountForm', () => {
  it('names the bank from the first three digits of the CLABE, as it is typed', () => {
    expect(institutionOf('01')).toBe('');
    expect(institutionOf('012')).toBe('BBVA Mexico');
    expect(institutionOf('072 180')).toBe('Banorte');
    expect(institutionOf('990180')).toBe('SANDBOX LIQUIDA');
    expect(institutionOf('999')).toBe('');
  });

  it('fills the institution, checks the CLABE live and registers the account', async () => {
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/opm-features/account-types')) return answer(TYPES);
      if (url.endsWith('/clabe-account/action/create')) {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sent.push(body);
        return answer({
          Id: '0b8c7a0e-0000-4000-8000-0000000000aa',
          Alias: body['Alias'],
          AccountHolderName: body['AccountHolderName'],
          Clabe: body['Clabe'],
          NameFinancialInstitution: 'Banorte',
          FinancialInstitutionId: '072',
          RFC: null,
          BusinessId: '0b8c7a0e-0000-4000-8000-0000000000bb',
          IsInternalBusiness: false,
          IsAdmin: false,
          ClabeUsageScope: 'ALL',
          DailyTransferLimit: '5000.00',
          AccountTypeId: 40,
          IsActive: true,
          CreatedAt: '2026-11-01T00:00:00.000Z',
          UpdatedAt: '2026-11-01T00:00:00.000Z',
        });
      }
      return answer(null, 404);
    });
    const onDone = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<ClabeAccountForm onDone={onDone} onCancel={() => {}} />);

    const institution = screen.getByTestId('clabe-institution');
    const clabe = screen.getByLabelText('CLABE');
    expect(institution).toHaveValue('');

    await user.type(clabe, '072');
    expect(institution).toHaveValue('Banorte');
    await user.clear(clabe);
    await user.type(clabe, '999');
    expect(institution).toHaveValue('');
    expect(screen.getByText(CLABE_MESSAGES.bank)).toBeInTheDocument();

    // 18 digits with a wrong check digit: said at once, without leaving the control.
    await user.clear(clabe);
    await user.type(clabe, '072180001234567890');
    expect(institution).toHaveValue('Banorte');
    await waitFor(() => expect(errorOf('CLABE')).toBe(CLABE_MESSAGES.checkDigit));

    await user.clear(clabe);
    const valid = '072180001234567897';
    await user.type(clabe, valid);
    await waitFor(() => expect(errorOf('CLABE')).toBeNull());

    await user.type(screen.getByLabelText('Alias'), 'Proveedor Norte');
    await user.type(screen.getByLabelText('Nombre del titular'), 'Aceros del Norte SA');
    await user.type(screen.getByLabelText('Límite diario de transferencias'), '5,000');
    await user.click(screen.getByRole('button', { name: 'Registrar cuenta' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent[0]).toEqual({
      Alias: 'Proveedor Norte',
      AccountHolderName: 'Aceros del Norte SA',
      Clabe: valid,
      ClabeUsageScope: 'ALL',
      DailyTransferLimit: '5000.00',
      AccountTypeId: 40,
    });
  }, 20_000);

  it('an empty submit shows every message', async () => {
    fetchMock.mockImplementation(async () => answer(TYPES));
    const user = userEvent.setup();
    renderWithApp(<ClabeAccountForm onDone={() => {}} onCancel={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Registrar cuenta' }));
    await waitFor(() => expect(errorOf('Alias')).toBe('Este campo es requerido'));
    expect(errorOf('Nombre del titular')).toBe('Este campo es requerido');
    expect(errorOf('CLABE')).toBe('Este campo es requerido');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/action/create'))).toBe(false);
  });
});
