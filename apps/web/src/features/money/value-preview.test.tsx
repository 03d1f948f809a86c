import type { ValuesAndCommissions } from '@far/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ValuePreview } from './value-preview';

const preview = (values: Partial<ValuesAndCommissions['Values']> = {}, enable = true): ValuesAndCommissions => ({
  Commissions: { CommissionSpeiInInPercentage: '0.5', EnableSpeiOut: enable, CommissionSpeiOutInFixedValue: '5.00', CommisionIvaPercentage: '16' },
  Values: { Amount: '1234.50', Commission: '5.00', IVA: '0.80', TotalAmount: '1240.30', RemainingBalance: '48469.70', ...values },
});

const cell = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('cell')[0]!.textContent;

describe('ValuePreview', () => {
  it('shows every value from its cents as es-MX money', () => {
    renderWithApp(<ValuePreview preview={preview()} />);
    expect(cell('preview-amount')).toBe('$1,234.50');
    expect(cell('preview-commission')).toBe('$5.00');
    expect(cell('preview-iva')).toBe('$0.80');
    expect(cell('preview-total')).toBe('$1,240.30');
    expect(cell('preview-remaining')).toBe('$48,469.70');
    const commissions = screen.getByTestId('preview-commissions');
    expect(within(commissions).getByText('Habilitado')).toBeInTheDocument();
    expect(within(commissions).getByText('$5.00')).toBeInTheDocument();
    expect(within(commissions).getByText('16 %')).toBeInTheDocument();
    expect(within(commissions).getByText('0.5 %')).toBeInTheDocument();
    expect(screen.queryByTestId('insufficient-balance')).toBeNull();
    expect(screen.queryByTestId('spei-out-disabled')).toBeNull();
  });

  it('keeps every cent of the largest amounts (no float on the way)', () => {
    renderWithApp(
      <ValuePreview preview={preview({ Amount: '999999999.99', TotalAmount: '1000000005.79', RemainingBalance: '0.01', Commission: '0.10', IVA: '0.02' })} />,
    );
    expect(cell('preview-amount')).toBe('$999,999,999.99');
    expect(cell('preview-total')).toBe('$1,000,000,005.79');
    expect(cell('preview-remaining')).toBe('$0.01');
    expect(cell('preview-commission')).toBe('$0.10');
    expect(cell('preview-iva')).toBe('$0.02');
  });

  it('warns when the balance does not cover the total and when SPEI out is off', () => {
    renderWithApp(<ValuePreview preview={preview({ RemainingBalance: '-10.05' }, false)} />);
    expect(cell('preview-remaining')).toBe('-$10.05');
    expect(screen.getByTestId('insufficient-balance')).toHaveTextContent('Saldo insuficiente');
    expect(screen.getByTestId('spei-out-disabled')).toHaveTextContent('El envío SPEI está deshabilitado');
    expect(within(screen.getByTestId('preview-commissions')).getByText('Deshabilitado')).toBeInTheDocument();
  });
});
