import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, renderWithApp, signedInWithFetch } from '../../test/render';
import { DispersionApprovalTab } from './dispersion-approval-tab';

const BUSINESS_ID = '2c7d9e10-0000-4000-8000-000000000077';
const PATH = `/api/v1/transaction/business/${BUSINESS_ID}/dispersion-approval`;

const fetchMock = signedInWithFetch();

/** The API: GET answers the stored setting; PUT answers `onPut` for the body it got. */
function serve(onPut: (body: Record<string, unknown>) => Response) {
  const puts: Array<Record<string, unknown>> = [];
  fetchMock.mockImplementation(async (input, init) => {
    if (!String(input).endsWith(PATH)) return answer(null, 404);
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      return onPut(body);
    }
    return answer({ BusinessId: BUSINESS_ID, Enabled: false, ThresholdAmount: '2500.00' });
  });
  return puts;
}

const amount = () => screen.getByLabelText(/Monto a partir del cual/);
const toggle = () => screen.getByRole('switch', { name: 'Autorización de un segundo usuario' });

describe('DispersionApprovalTab', () => {
  it('loads the current setting and saves the new one as the API amount text', async () => {
    const user = userEvent.setup();
    const puts = serve((b) => answer({ BusinessId: BUSINESS_ID, Enabled: b['Enabled'], ThresholdAmount: b['ThresholdAmount'] }));
    renderWithApp(<DispersionApprovalTab businessId={BUSINESS_ID} canEdit />);
    await waitFor(() => expect(amount()).toHaveValue('2500.00'));
    expect(toggle()).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();

    await user.click(toggle());
    await user.clear(amount());
    await user.type(amount(), '15,000.5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(puts).toEqual([{ Enabled: true, ThresholdAmount: '15000.50' }]));
    expect(await screen.findByText('Se guardó la autorización de un segundo usuario.')).toBeInTheDocument();
    expect(toggle()).toBeChecked();
    expect(amount()).toHaveValue('15000.50');
  });

  it('shows the server field error on the amount, and a client error without calling the API', async () => {
    const user = userEvent.setup();
    const message = 'El monto excede el máximo permitido';
    const puts = serve(() =>
      answer(null, 400, { ErrorCode: 'VALIDATION', message: 'Los datos enviados no son válidos', errors: [{ field: 'ThresholdAmount', key: 'max', message }] }),
    );
    renderWithApp(<DispersionApprovalTab businessId={BUSINESS_ID} canEdit />);
    await waitFor(() => expect(amount()).toHaveValue('2500.00'));

    await user.clear(amount());
    await user.type(amount(), '12.345');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(amount()).toHaveAttribute('aria-invalid', 'true'));
    expect(puts).toEqual([]);

    await user.clear(amount());
    await user.type(amount(), '3000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(amount()).toHaveAttribute('aria-invalid', 'true');
    expect(puts).toEqual([{ Enabled: false, ThresholdAmount: '3000.00' }]);
    expect(await screen.findByText('No se guardó la autorización')).toBeInTheDocument();
  });

  it('without Editar: read only, no Guardar', async () => {
    serve(() => answer(null, 403));
    renderWithApp(<DispersionApprovalTab businessId={BUSINESS_ID} canEdit={false} />);
    await waitFor(() => expect(amount()).toHaveValue('2500.00'));
    expect(amount()).toHaveAttribute('readonly');
    expect(toggle()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar' })).not.toBeInTheDocument();
  });
});
