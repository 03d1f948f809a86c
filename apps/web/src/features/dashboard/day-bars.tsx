import { Box, Table, VisuallyHidden, parseThemeColor, useMantineTheme } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { Suspense, lazy, useState } from 'react';

/**
 * The dashboard's bar charts (money in and out per day, activity per day), drawn by Chart.js on a
 * canvas (`day-bars-canvas.tsx`, only the bar chart's parts registered, no animation). Chart.js is
 * loaded when the chart comes near the viewport, so the dashboard's first load does not wait for
 * it; the box has its height from the start (no layout shift). recharts' first render of the 30-day
 * chart was the longest task of a phone's dashboard load (docs/decisions/0019). The canvas is an
 * image for screen readers; a visually hidden table gives them the figures of every day.
 */
export interface DayBarsProps {
  h: number;
  /** One entry per day, oldest first: its axis label and a value per series. */
  data: Array<{ label: string; values: number[] }>;
  /** Each series' name and Mantine colour ('teal.6'). */
  series: Array<{ label: string; color: string }>;
  /** A value in the tooltip and the hidden table. */
  valueFormatter: (v: number) => string;
  /** The value axis's labels (defaults to `valueFormatter`). */
  axisFormatter?: (v: number) => string;
  /** Whole numbers only on the value axis. */
  integers?: boolean;
  withLegend?: boolean;
  /** What the chart shows, for screen readers. */
  label: string;
  'data-testid'?: string;
}

const DayBarsCanvas = lazy(() => import('./day-bars-canvas'));

/** How far below (or above) the viewport the chart starts loading Chart.js. */
const NEAR = '300px';

export function DayBars({
  h,
  data,
  series,
  valueFormatter,
  axisFormatter = valueFormatter,
  integers = false,
  withLegend = false,
  label,
  'data-testid': testId,
}: DayBarsProps) {
  const theme = useMantineTheme();
  const { ref, entry } = useIntersection({ rootMargin: NEAR });
  // Once near, the chart stays (scrolling away does not unmount it).
  const [near, setNear] = useState(false);
  if (entry?.isIntersecting && !near) setNear(true);
  const color = (c: string) => parseThemeColor({ color: c, theme }).value;
  return (
    <Box data-testid={testId}>
      <Box ref={ref} h={h} pos="relative">
        {near ? (
          <Suspense fallback={null}>
            <DayBarsCanvas
              data={data}
              series={series.map((s) => ({ label: s.label, color: color(s.color) }))}
              valueFormatter={valueFormatter}
              axisFormatter={axisFormatter}
              integers={integers}
              withLegend={withLegend}
              label={label}
              textColor={color('dimmed')}
              gridColor={color('gray.3')}
              fontFamily={theme.fontFamily ?? 'sans-serif'}
            />
          </Suspense>
        ) : null}
      </Box>
      <VisuallyHidden>
        <Table>
          <caption>{label}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Día</Table.Th>
              {series.map((s) => (
                <Table.Th key={s.label} scope="col">
                  {s.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((d) => (
              <Table.Tr key={d.label}>
                <Table.Th scope="row">{d.label}</Table.Th>
                {series.map((s, j) => (
                  <Table.Td key={s.label}>{valueFormatter(d.values[j] ?? 0)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
