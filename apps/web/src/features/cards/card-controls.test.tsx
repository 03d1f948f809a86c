import { DEFAULT_CARD_CONTROLS } from '@far/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, renderWithApp } from '../../test/render';
import { CardControlsPanel, controlsSummary } from './card-controls';

const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('CardControlsPanel (issue 26 §2)', () => {
  it('says the controls in words, with the category names', () => {
    expect(controlsSummary(DEFAULT_CARD_CONTROLS)).toBe('Sin restricciones');
    expect(controlsSummary({ ...DEFAULT_CARD_CONTROLS, Online: false, DomesticOnly: true, BlockedMccGroups: ['cash', 'travel'] })).toBe(
      'sin compras en línea · solo en México · bloqueadas: Retiros de efectivo, Viajes',
    );
  });

  it('offers no edit without the permission', () => {
    renderWithApp(<CardControlsPanel identifier="C1" controls={DEFAULT_CARD_CONTROLS} canEdit={false} />);
    expect(screen.getByTestId('card-controls')).toHaveTextContent('Sin restricciones');
    expect(screen.queryByRole('button', { name: 'Editar controles' })).toBeNull();
  });

  it('sends the channels, use abroad and blocked categories the person set', async () => {
    fetchMock.mockResolvedValue(answer({}));
    const user = userEvent.setup();
    renderWithApp(<CardControlsPanel identifier="C1" controls={DEFAULT_CARD_CONTROLS} businessId="b-1" canEdit />);
    await user.click(screen.getByRole('button', { name: 'Editar controles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Controles de la tarjeta' });
    await user.click(within(dialog).getByRole('switch', { name: 'Compras en línea' }));
    await user.click(within(dialog).getByRole('switch', { name: /Uso en el extranjero/ }));
    const blocked = within(dialog).getByLabelText('Categorías bloqueadas');
    await user.click(blocked);
    // The option of this control's own list (the other category control has one too).
    await vi.waitFor(() => expect(blocked.getAttribute('aria-controls')).toBeTruthy());
    const list = document.getElementById(blocked.getAttribute('aria-controls')!)!;
    await user.click(within(list).getByRole('option', { name: 'Retiros de efectivo', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar controles' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toContain('/api/v1/cards/action/controls');
    expect(JSON.parse(String(init.body))).toEqual({
      BusinessId: 'b-1',
      CardIdentifier: 'C1',
      Controls: { AllowedMccGroups: [], BlockedMccGroups: ['cash'], Online: false, InPerson: true, Atm: true, DomesticOnly: true },
    });
  });
});
