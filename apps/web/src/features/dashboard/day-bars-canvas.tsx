import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';

/** DayBars' canvas (day-bars.tsx), in a chunk of its own with the parts of Chart.js a bar chart needs. */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface DayBarsCanvasProps {
  data: Array<{ label: string; values: number[] }>;
  /** Colours as CSS colours (a canvas knows no CSS variables). */
  series: Array<{ label: string; color: string }>;
  valueFormatter: (v: number) => string;
  axisFormatter: (v: number) => string;
  integers: boolean;
  withLegend: boolean;
  label: string;
  textColor: string;
  gridColor: string;
  fontFamily: string;
}

export default function DayBarsCanvas({
  data,
  series,
  valueFormatter,
  axisFormatter,
  integers,
  withLegend,
  label,
  textColor,
  gridColor,
  fontFamily,
}: DayBarsCanvasProps) {
  const chartData = useMemo<ChartData<'bar'>>(
    () => ({
      labels: data.map((d) => d.label),
      datasets: series.map((s, j) => ({
        label: s.label,
        data: data.map((d) => d.values[j] ?? 0),
        backgroundColor: s.color,
        borderRadius: 2,
        categoryPercentage: 0.76,
        barPercentage: 0.92,
        maxBarThickness: 24,
      })),
    }),
    [data, series],
  );
  const options = useMemo<ChartOptions<'bar'>>(() => {
    const font = { family: fontFamily, size: 12 };
    return {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: { grid: { display: false }, border: { color: gridColor }, ticks: { color: textColor, font, maxRotation: 0, autoSkipPadding: 12 } },
        y: {
          beginAtZero: true,
          grid: { color: gridColor },
          border: { display: false },
          ticks: { color: textColor, font, maxTicksLimit: 5, precision: integers ? 0 : undefined, callback: (v) => axisFormatter(Number(v)) },
        },
      },
      plugins: {
        legend: { display: withLegend, labels: { color: textColor, font, boxWidth: 12, boxHeight: 12 } },
        tooltip: {
          titleFont: font,
          bodyFont: font,
          callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${valueFormatter(item.parsed.y ?? 0)}` },
        },
      },
    };
  }, [axisFormatter, valueFormatter, integers, withLegend, textColor, gridColor, fontFamily]);
  return <Bar data={chartData} options={options} role="img" aria-label={label} />;
}
