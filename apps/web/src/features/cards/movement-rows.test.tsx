import type { Card, CardMovement } from '@far/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, screenIs } from '../../test/render';
import { CardRows, MovementRows } from './ui';

const movement = (id: string, overrides: Partial<CardMovement>): CardMovement => ({
  Id: id,
  CardIdentifier: 'C1',
  MaskedPan: '537800******1234',
  Kind: 'purchase',
  KindName: 'Compra',
  Description: 'Tienda Sol',
  Amount: '20.00',
  Commission: '0.00',
  IVA: '0.00',
  Status: 'Autorizada',
  AuthorizationId: `auth-${id}`,
  CreatedAt: '2026-11-20T18:00:00.000Z',
  Decision: null,
  ...overrides,
});

const ROWS = [
  movement('m1', {
    Description: 'Tienda Sol — rechazada: Rechazada por el negocio',
    Status: 'Rechazada',
    Decision: { DecidedBy: 'negocio', BusinessReason: 'Comercio fuera de política', DecisionMs: 52 },
  }),
  movement('m2', { Decision: { DecidedBy: 'predeterminado', BusinessReason: 'Tiempo de espera agotado', DecisionMs: 1500 } }),
  movement('m3', { Description: 'Tienda Luna' }),
];

afterEach(() => vi.restoreAllMocks());

describe("a card's movements show the business's decision (issue 28 §2)", () => {
  it('in a column «Decidió»: who decided in Spanish, the reason and the time; nothing where the business was not asked', () => {
    screenIs(false);
    renderWithApp(<MovementRows rows={ROWS} />);
    expect(screen.getByRole('columnheader', { name: 'Decidió' })).toBeInTheDocument();
    const [first, second, third] = screen.getAllByRole('row').slice(1);
    expect(within(first!).getByTestId('purchase-decision')).toHaveTextContent('NegocioComercio fuera de política · 52 ms');
    expect(within(second!).getByTestId('purchase-decision')).toHaveTextContent('Respuesta predeterminadaTiempo de espera agotado · 1,500 ms');
    expect(within(third!).queryByTestId('purchase-decision')).toBeNull();
    // No raw code reaches the person.
    expect(screen.getByRole('table').textContent).not.toMatch(/predeterminado|producto/);
  });

  it('on a phone each card names it under «Decidió», and a card without one has no bare header', () => {
    screenIs(true);
    renderWithApp(<MovementRows rows={ROWS} />);
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Decidió');
    expect(within(cards[0]!).getByTestId('purchase-decision')).toHaveTextContent('Comercio fuera de política');
    expect(cards[2]).not.toHaveTextContent('Decidió');
  });
});

describe('the cards of a business on a phone', () => {
  const card = {
    CardIdentifier: 'c1',
    FullName: 'Ana López Ruiz',
    Status: 3,
    IsBlocked: false,
    ReferenceBatch: 'LOTE-7',
    CreatedAt: '2026-11-27T18:00:00.000Z',
    Payload: { MaskedPan: '516789******1234', IsVirtual: false },
  } as unknown as Card;

  it('draws the cards of a business as cards: the number and its whole status on top, the holder under its header', () => {
    screenIs(true);
    renderWithApp(<CardRows cards={[card]} linkOf={() => '/account/cards/c1'} />);
    expect(screen.queryByRole('table')).toBeNull();
    const [first] = within(screen.getByRole('region', { name: 'Tarjetas' })).getAllByRole('listitem');
    const [top] = Array.from(first!.firstElementChild!.children);
    expect(within(top as HTMLElement).getByRole('link', { name: '516789******1234' })).toBeInTheDocument();
    expect(top!.querySelector('[data-stack="status"]')?.textContent).toBe('Activa');
    expect(within(first!).getByText('Tarjetahabiente')).toBeInTheDocument();
    expect(within(first!).getByText('Ana López Ruiz')).toBeInTheDocument();
  });
});
