import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { integer } from '../../lib/format';
import { renderWithApp } from '../../test/render';
import { DayBars, niceStep } from './day-bars';

const DAYS = Array.from({ length: 30 }, (_, i) => ({ label: `${String(i + 1).padStart(2, '0')}/11`, values: [i * 100, 50] }));

describe('DayBars', () => {
  it('takes round steps for the value axis', () => {
    expect(niceStep(6_000_000)).toBe(1_500_000);
    expect(niceStep(29)).toBe(10);
    expect(niceStep(3, true)).toBe(1);
    expect(niceStep(0)).toBe(1);
  });

  it('labels the axis, the newest day always, and shows a day’s figures with the arrow keys', () => {
    renderWithApp(<DayBars h={260} data={DAYS} series={[{ label: 'Entradas', color: 'teal.6' }, { label: 'Salidas', color: 'red.6' }]} withLegend integers valueFormatter={(v) => integer(v)} label="Entradas y salidas" data-testid="chart" />);
    const chart = screen.getByTestId('chart');
    expect(chart).toHaveTextContent('4,000'); // the top of the axis: 4 steps of 1,000 above 2,900
    expect(chart).toHaveTextContent('30/11');
    const plot = screen.getByRole('group', { name: /Entradas y salidas/ });
    fireEvent.focus(plot);
    expect(screen.getByRole('status')).toHaveTextContent('30/11Entradas: 2,900Salidas: 50');
    fireEvent.keyDown(plot, { key: 'ArrowLeft' });
    expect(screen.getByRole('status')).toHaveTextContent('29/11Entradas: 2,800');
    fireEvent.blur(plot);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
