import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { DateText } from './value-text';

describe('the one date display', () => {
  it.each([
    ['a calendar day (a payment day) stays that day', '2026-12-10', false, '10/12/2026'],
    ['an instant reads in Mexico City time', '2026-12-10T05:30:00.000Z', false, '09/12/2026'],
    ['with the time, 24 h', '2026-12-10T20:05:00.000Z', true, '10/12/2026 14:05'],
  ])('%s', (_name, value, withTime, shown) => {
    renderWithApp(<DateText value={value} withTime={withTime} data-testid="d" />);
    expect(screen.getByTestId('d')).toHaveTextContent(shown);
    expect(screen.getByTestId('d').textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The machine-readable value stays on <time> for assistive technology.
    expect(screen.getByTestId('d').querySelector('time')).toHaveAttribute('datetime', value);
  });

  it('shows a missing date as an em dash, never as an empty cell', () => {
    renderWithApp(<DateText value={null} data-testid="d" />);
    expect(screen.getByTestId('d')).toHaveTextContent('—');
  });
});
