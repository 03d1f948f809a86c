import type { DispersionPreview, DispersionPreviewRow } from '@far/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, renderWithApp, signedInWithFetch } from '../../test/render';
import { DispersionsTab } from './dispersion-tab';

const fetchMock = signedInWithFetch();

const row = (Row: number, Clabe: string, HolderCheck: DispersionPreviewRow['HolderCheck'], HolderName: string | null): DispersionPreviewRow => ({
  Row,
  Name: `Beneficiario ${Row}`,
  Clabe,
  BankCode: '012',
  BankName: 'BBVA MEXICO',
  Concept: 'Nómina',
  Reference: String(Row),
  Rfc: null,
  Email: null,
  Amount: '100.00',
  Commission: '5.00',
  IVA: '0.80',
  TotalAmount: '105.80',
  HolderCheck,
  HolderName,
  HolderRfc: null,
});

const PREVIEW: DispersionPreview = {
  FileName: 'nomina.csv',
  TotalRows: 3,
  Errors: [],
  Rows: [
    row(2, '012180001234567891', 'mismatch', 'Otra Persona'),
    row(3, '012180001234567892', 'match', null),
    row(4, '012180001234567893', 'mismatch', 'Alguien Más'),
  ],
  Commissions: { CommissionSpeiInInPercentage: '0.5', EnableSpeiOut: true, CommissionSpeiOutInFixedValue: '5.00', CommisionIvaPercentage: '16' },
  Values: { Amount: '300.00', Commission: '15.00', IVA: '2.40', TotalAmount: '317.40', RemainingBalance: '682.60' },
  AvailableBalance: '1000.00',
  Sufficient: true,
  Blocker: null,
  Mismatches: 2,
  NeedsApproval: false,
};

describe('DispersionsTab preview', () => {
  it('«Confirmar todos» confirms every row whose holder differs, and the warning goes away', async () => {
    fetchMock.mockImplementation(async (input) => (String(input).endsWith('/speiout-dispersion/validate') ? answer(PREVIEW) : answer(null, 404)));
    const user = userEvent.setup();
    const { container } = renderWithApp(<DispersionsTab canSend />);

    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['Nombre,CLABE,Monto\n'], 'nomina.csv', { type: 'text/csv' }));

    const rows = await screen.findByTestId('dispersion-preview-rows');
    const boxes = within(rows).getAllByRole('checkbox', { name: 'Confirmo pagar a este titular' });
    // One box per row whose holder differs; none ticked yet, and the warning counts them.
    expect(boxes).toHaveLength(2);
    for (const box of boxes) expect(box).not.toBeChecked();
    expect(screen.getByText(/2 filas tienen un titular distinto al indicado/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirmar todos' }));

    await waitFor(() => {
      for (const box of within(rows).getAllByRole('checkbox', { name: 'Confirmo pagar a este titular' })) expect(box).toBeChecked();
    });
    expect(screen.queryByText(/titular distinto al indicado/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirmar todos' })).not.toBeInTheDocument();
  });
});
