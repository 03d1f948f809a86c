import { act, screen, within } from '@testing-library/react';
import type { ChartData, ChartOptions } from 'chart.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { theme } from '../../app/theme';
import { integer } from '../../lib/format';
import { renderWithApp } from '../../test/render';
import { DayBars } from './day-bars';

// jsdom has no canvas: the chart is react-chartjs-2's <Bar>, replaced by a canvas that keeps what it was given.
const bar = vi.hoisted(() => ({ props: null as null | { data: ChartData<'bar'>; options: ChartOptions<'bar'> } }));
vi.mock('react-chartjs-2', () => ({
  Bar: (props: { data: ChartData<'bar'>; options: ChartOptions<'bar'>; role: string; 'aria-label': string }) => {
    bar.props = props;
    return <canvas role={props.role} aria-label={props['aria-label']} />;
  },
}));

// The chart loads when it comes near the viewport.
let observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
class IntersectionObserverStub {
  constructor(private readonly cb: (entries: Array<{ isIntersecting: boolean }>) => void) {}
  observe() {
    observed.push(this.cb);
  }
  disconnect() {}
}

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const DAYS = Array.from({ length: 30 }, (_, i) => ({ label: `${String(i + 1).padStart(2, '0')}/11`, values: [i * 100, 50] }));
const SERIES = [
  { label: 'Entradas', color: 'teal.6' },
  { label: 'Salidas', color: 'red.6' },
];

describe('DayBars', () => {
  beforeEach(() => {
    observed = [];
    bar.props = null;
    vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives screen readers every day’s figures in a hidden table', () => {
    renderWithApp(
      <DayBars
        h={260}
        data={DAYS}
        series={SERIES}
        withLegend
        integers
        valueFormatter={(v) => `$${integer(v)}`}
        label="Entradas y salidas"
        data-testid="chart"
      />,
    );
    const table = within(screen.getByTestId('chart')).getByRole('table', { name: 'Entradas y salidas' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Día', 'Entradas', 'Salidas']);
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: /30\/11/ })).toHaveTextContent('30/11$2,900$50');
  });

  it('draws the bars with Chart.js once near the viewport: theme colours, formatters, no animation', async () => {
    renderWithApp(
      <DayBars
        h={260}
        data={DAYS}
        series={SERIES}
        withLegend
        integers
        valueFormatter={(v) => `$${integer(v)}`}
        axisFormatter={(v) => `${v / 100} k`}
        label="Entradas y salidas"
        data-testid="chart"
      />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    act(() => observed.forEach((cb) => cb([{ isIntersecting: true }])));
    expect(await screen.findByRole('img', { name: 'Entradas y salidas' })).toBeInTheDocument();

    const { data, options } = bar.props!;
    expect(data.labels).toHaveLength(30);
    expect(data.datasets.map((d) => [d.label, d.backgroundColor, d.data[29]])).toEqual([
      ['Entradas', full.colors.teal[6], 2900], // the app theme's colours, not CSS variables
      ['Salidas', full.colors.red[6], 50],
    ]);
    expect(options).toMatchObject({ animation: false, responsive: true, maintainAspectRatio: false, plugins: { legend: { display: true } } });
    const y = options.scales!.y as { ticks: { precision?: number; callback: (v: number) => string } };
    expect(y.ticks.precision).toBe(0);
    expect(y.ticks.callback(2500)).toBe('25 k');
    const label = options.plugins!.tooltip!.callbacks!.label as (item: unknown) => string;
    expect(label({ dataset: { label: 'Entradas' }, parsed: { y: 2900 } })).toBe('Entradas: $2,900');
  });
});
