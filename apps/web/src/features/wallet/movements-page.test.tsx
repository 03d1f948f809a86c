import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveBlob } from '../../lib/money';
import { movementFixture } from '../../test/movements';
import { answer, renderWithApp, signedInWithFetch } from '../../test/render';
import { WalletMovementsList } from './movements-page';

// The browser's download is not the point here: which file is saved is.
vi.mock('../../lib/money', async (actual) => ({ ...(await actual<typeof import('../../lib/money')>()), saveBlob: vi.fn() }));

const fetchMock = signedInWithFetch();

/** The wallet's list with one movement, its detail as given, and a PDF for any proof. */
function wallet(detail: ReturnType<typeof movementFixture>) {
  const proofs: string[] = [];
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/wallet/movements')) return answer({ Records: [detail], Page: 1, Size: 10, TotalPages: 1, TotalRecords: 1 });
    if (url.includes('/proof')) {
      proofs.push(url);
      return new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-type': 'application/pdf' } });
    }
    if (url.endsWith(`/wallet/movement/${detail.Id}`)) return answer(detail);
    return answer(null, 404);
  });
  return proofs;
}

async function openDetail(user = userEvent.setup()) {
  renderWithApp(<WalletMovementsList />);
  await user.click(await screen.findByLabelText(/^Ver detalle: /));
  return { user, detail: await screen.findByTestId('wallet-movement-detail') };
}

describe("the wallet's movement detail", () => {
  it("offers Banxico's CEP of a settled SPEI out beside the own proof, each from the wallet's own route", async () => {
    const proofs = wallet(movementFixture({ Cep: { Available: true, StatusName: 'CEP de Banxico disponible' } }));
    const { user, detail } = await openDetail();
    expect(within(detail).getByTestId('cep-state')).toHaveTextContent('CEP de Banxico disponible');
    await user.click(within(detail).getByRole('button', { name: 'CEP de Banxico (PDF)' }));
    await waitFor(() => expect(proofs).toEqual([expect.stringMatching(/\/api\/v1\/wallet\/movement\/m1\/proof\?Kind=cep$/)]));
    await user.click(within(detail).getByRole('button', { name: 'Comprobante propio (PDF)' }));
    await waitFor(() => expect(proofs[1]).toMatch(/\/wallet\/movement\/m1\/proof\?Kind=propio$/));
    await waitFor(() => expect(vi.mocked(saveBlob).mock.calls.map(([, name]) => name)).toEqual(['CEP-FAR20261120ABC1.pdf', 'comprobante-FAR20261120ABC1.pdf']));
  });

  it('an order not settled has no CEP: only the proof the server offers', async () => {
    wallet(movementFixture({ StatusBusinessMovement: 1, StatusName: 'Enviada', Cep: null }));
    const { detail } = await openDetail();
    expect(within(detail).getByRole('button', { name: 'Comprobante de pago (PDF)' })).toBeInTheDocument();
    expect(within(detail).queryByRole('button', { name: 'CEP de Banxico (PDF)' })).toBeNull();
    expect(within(detail).queryByTestId('cep-state')).toBeNull();
  });

  it("a wallet-to-wallet transfer shows the ledger lines of the wallet's own account, in pesos", async () => {
    wallet(
      movementFixture({
        MovementType: 'WALLET_OUT',
        MovementName: 'Envío a otro Wallet',
        TrackingKey: null,
        Entries: [{ Account: 'Cuenta del monedero', Description: 'Envío entre Wallets a Luis Pérez', Debit: '1250.00', Credit: null }],
      }),
    );
    const { detail } = await openDetail();
    const lines = within(detail).getByTestId('movement-entries');
    expect(
      within(lines)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['CuentaCargoAbono', 'Cuenta del monederoEnvío entre Wallets a Luis Pérez$1,250.00']);
    // Never over SPEI: no «Clave de rastreo —», the folio of its receipt instead.
    expect(within(detail).queryByText('Clave de rastreo')).toBeNull();
    expect(within(detail).getByText('Folio').nextSibling).toHaveTextContent('CP-20261120-M1');
  });

  it('an order in flight is read again until it settles, and no more once it has', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const order = { StatusBusinessMovement: 1, StatusName: 'Enviada' };
      let reads = 0;
      fetchMock.mockImplementation(async (input) => {
        const url = String(input);
        if (url.endsWith('/wallet/movements')) return answer({ Records: [movementFixture(order)], Page: 1, Size: 10, TotalPages: 1, TotalRecords: 1 });
        if (url.endsWith('/wallet/movement/m1')) {
          reads += 1;
          return answer(movementFixture({ ...order, Entries: [] }));
        }
        return answer(null, 404);
      });
      const { detail } = await openDetail(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
      expect(await within(detail).findByText('Enviada')).toBeInTheDocument();
      expect(reads).toBe(1);
      Object.assign(order, { StatusBusinessMovement: 2, StatusName: 'Liquidada' });
      await vi.advanceTimersByTimeAsync(2_100);
      expect(await within(detail).findByText('Liquidada')).toBeInTheDocument();
      expect(reads).toBe(2);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(reads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an order without lines yet says so', async () => {
    wallet(movementFixture({ StatusBusinessMovement: 1, StatusName: 'Enviada', Entries: [] }));
    const { detail } = await openDetail();
    expect(within(detail).queryByTestId('movement-entries')).toBeNull();
    expect(within(detail).getByText('Sin asientos contables: el dinero está retenido o no se movió.')).toBeInTheDocument();
  });
});
