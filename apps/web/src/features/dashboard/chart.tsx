import type { BarChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

// Charts (recharts) load after the figures: the dashboard shows its numbers first, and a skeleton of
// the chart's height holds its place so nothing moves when it arrives. docs/decisions/0019.
const LoadedBarChart = lazy(() => import('./bar-chart'));

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 260} />}>
      <LoadedBarChart {...props} />
    </Suspense>
  );
}
