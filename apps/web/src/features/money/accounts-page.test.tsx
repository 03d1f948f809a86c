import type { ClabeAccount } from '@far/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, renderWithApp, screenIs, signedInWithFetch } from '../../test/render';
import { AccountsPage } from './accounts-page';

const fetchMock = signedInWithFetch();

describe('Alta de cuentas on a phone', () => {
  it('draws the CLABE accounts as cards: alias and status on top, the CLABE and the bank with their headers', async () => {
    screenIs(true);
    const account: ClabeAccount = {
      Id: 'a1',
      Alias: 'Proveedor Bajío',
      AccountHolderName: 'Distribuidora del Bajío SA de CV',
      Clabe: '072180000000000015',
      NameFinancialInstitution: 'Banorte',
      FinancialInstitutionId: '072',
      RFC: 'DBA010101AB1',
      BusinessId: 'b1',
      IsInternalBusiness: false,
      IsAdmin: false,
      ClabeUsageScope: 'TRANSFER',
      DailyTransferLimit: '50000.00',
      AccountTypeId: 40,
      IsActive: true,
      CreatedAt: '2026-11-27T18:00:00.000Z',
      UpdatedAt: '2026-11-27T18:00:00.000Z',
    };
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/clabe-account/query/list')
        ? answer({ Records: [account], Page: 1, Size: 5, TotalPages: 1, TotalRecords: 1 })
        : answer(null, 404),
    );
    renderWithApp(<AccountsPage />);
    const first = await screen.findByRole('listitem');
    expect(screen.queryByRole('table')).toBeNull();
    const [top] = Array.from(first.firstElementChild!.children);
    expect(top!.querySelector('[data-stack="title"]')?.textContent).toBe('Proveedor BajíoDistribuidora del Bajío SA de CV');
    expect(top!.querySelector('[data-stack="status"]')?.textContent).toBe('Activa');
    expect(within(first).getByText('CLABE')).toBeInTheDocument();
    expect(within(first).getByText('072180000000000015')).toBeInTheDocument();
    expect(within(first).getByText('Banorte')).toBeInTheDocument();
  });
});
