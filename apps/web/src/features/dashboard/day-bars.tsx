import { Box, Group, Paper, Text } from '@mantine/core';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';

/**
 * The dashboard's bar charts (money in and out per day, activity per day), drawn with CSS: bars are
 * boxes with heights in percent, so there is nothing to measure and nothing to lay out twice. It
 * replaced recharts here, whose first render of the 30-day chart was the longest task of a phone's
 * dashboard load (docs/decisions/0019). Hover, or focus and arrow keys, show one day's figures.
 */
export interface DayBarsProps {
  h: number;
  /** One entry per day, oldest first: its axis label and a value per series. */
  data: Array<{ label: string; values: number[] }>;
  series: Array<{ label: string; color: string }>;
  valueFormatter: (v: number) => string;
  /** The value axis's labels (defaults to `valueFormatter`). */
  axisFormatter?: (v: number) => string;
  /** Width of the value axis, px. */
  axisWidth?: number;
  /** Whole numbers only on the value axis. */
  integers?: boolean;
  withLegend?: boolean;
  /** What the chart shows, for screen readers. */
  label: string;
  'data-testid'?: string;
}

const TICKS = 4;
const AXIS_H = 22;
const LEGEND_H = 26;

/** A round step for `TICKS` lines covering `max` (1, 1.5, 2, 2.5, 3 or 5 times a power of ten). */
export function niceStep(max: number, integers = false): number {
  if (max <= 0) return 1;
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 1.5, 2, 2.5, 3, 5, 10].find((f) => raw <= f * power) ?? 10) * power;
  return integers ? Math.max(1, Math.ceil(step)) : step;
}

/** Mantine colour ('teal.6') → its CSS variable. */
const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

export function DayBars({ h, data, series, valueFormatter, axisFormatter = valueFormatter, axisWidth = 48, integers, withLegend, label, 'data-testid': testId }: DayBarsProps) {
  const [active, setActive] = useState<number | null>(null);
  const step = niceStep(Math.max(0, ...data.flatMap((d) => d.values)), integers);
  const top = step * TICKS;
  // Every `stride`-th day is labelled, counted back from the newest one (always labelled).
  const stride = Math.max(1, Math.ceil(data.length / 5));
  const plotH = h - AXIS_H - (withLegend ? LEGEND_H : 0);
  const pick = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setActive(Math.min(data.length - 1, Math.max(0, Math.floor(((e.clientX - box.left) / box.width) * data.length))));
  };
  const keys = (e: KeyboardEvent<HTMLDivElement>) => {
    const move = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!move) return;
    e.preventDefault();
    setActive((i) => Math.min(data.length - 1, Math.max(0, (i ?? data.length - 1) + move)));
  };
  const day = active === null ? undefined : data[active];
  return (
    <Box h={h} data-testid={testId}>
      {withLegend ? (
        <Group gap="md" justify="center" h={LEGEND_H} align="flex-start">
          {series.map((s) => (
            <Group key={s.label} gap={6} wrap="nowrap">
              <Box w={12} h={12} style={{ borderRadius: 2, background: cssColor(s.color) }} />
              <Text size="xs">{s.label}</Text>
            </Group>
          ))}
        </Group>
      ) : null}
      <Box style={{ display: 'grid', gridTemplateColumns: `${axisWidth}px 1fr`, gridTemplateRows: `${plotH}px ${AXIS_H}px` }}>
        <Box pos="relative" aria-hidden>
          {Array.from({ length: TICKS + 1 }, (_, i) => (
            <Text key={i} size="xs" c="dimmed" pos="absolute" right={8} lh={1} style={{ bottom: `${(i / TICKS) * 100}%`, transform: 'translateY(50%)', whiteSpace: 'nowrap' }}>
              {axisFormatter(i * step)}
            </Text>
          ))}
        </Box>
        <Box
          pos="relative"
          tabIndex={0}
          role="group"
          aria-label={`${label}. Con las flechas izquierda y derecha se ve cada día.`}
          onPointerMove={pick}
          onPointerLeave={() => setActive(null)}
          onFocus={() => setActive((i) => i ?? data.length - 1)}
          onBlur={() => setActive(null)}
          onKeyDown={keys}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-4)', touchAction: 'pan-y' }}
        >
          {Array.from({ length: TICKS }, (_, i) => (
            <Box key={i} pos="absolute" left={0} right={0} style={{ bottom: `${((i + 1) / TICKS) * 100}%`, borderTop: '1px dashed var(--mantine-color-gray-3)' }} aria-hidden />
          ))}
          <Box pos="absolute" inset={0} style={{ display: 'flex', alignItems: 'stretch' }} aria-hidden>
            {data.map((d, i) => (
              <Box key={d.label} style={{ flex: 1, minWidth: 0, display: 'flex', justifyContent: 'center', background: i === active ? 'var(--mantine-color-gray-1)' : undefined }}>
                <Box style={{ width: '76%', display: 'flex', alignItems: 'flex-end', justifyContent: 'center', gap: 1 }}>
                  {d.values.map((v, j) => (
                    <Box key={series[j]?.label ?? j} style={{ flex: 1, maxWidth: 24, height: `${top ? (Math.max(0, v) / top) * 100 : 0}%`, background: cssColor(series[j]?.color ?? 'gray.6'), borderRadius: '2px 2px 0 0' }} />
                  ))}
                </Box>
              </Box>
            ))}
          </Box>
          {day && active !== null ? (
            <Paper
              withBorder
              shadow="md"
              p={8}
              pos="absolute"
              top={4}
              role="status"
              style={{ left: `${((active + 0.5) / data.length) * 100}%`, transform: `translateX(${active < data.length / 2 ? '0' : '-100%'})`, pointerEvents: 'none', zIndex: 1, whiteSpace: 'nowrap' }}
            >
              <Text size="xs" fw={600} mb={4}>
                {day.label}
              </Text>
              {series.map((s, j) => (
                <Group key={s.label} gap={6} wrap="nowrap">
                  <Box w={8} h={8} style={{ borderRadius: 8, background: cssColor(s.color) }} />
                  <Text size="xs">
                    {s.label}: {valueFormatter(day.values[j] ?? 0)}
                  </Text>
                </Group>
              ))}
            </Paper>
          ) : null}
        </Box>
        <span />
        <Box pos="relative" aria-hidden>
          {data.map((d, i) =>
            (data.length - 1 - i) % stride === 0 ? (
              // Centred under its day; the newest one ends at the chart's edge.
              <Text
                key={d.label}
                size="xs"
                c="dimmed"
                pos="absolute"
                top={4}
                lh={1.2}
                style={i === data.length - 1 ? { right: 0, whiteSpace: 'nowrap' } : { left: `${((i + 0.5) / data.length) * 100}%`, transform: 'translateX(-50%)', whiteSpace: 'nowrap' }}
              >
                {d.label}
              </Text>
            ) : null,
          )}
        </Box>
      </Box>
    </Box>
  );
}
