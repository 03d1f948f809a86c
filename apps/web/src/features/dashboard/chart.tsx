import type { BarChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// Charts (recharts, the heaviest code of the dashboard) load after the figures and only once their
// place comes near the screen: a phone's first screen shows the figures, and recharts is neither
// fetched nor run for it. A skeleton of the chart's height holds its place, so nothing moves when it
// arrives. docs/decisions/0019.
const LoadedBarChart = lazy(() => import('./bar-chart'));

/** True once the element has come within `margin` of the viewport (stays true). */
function useSeen<T extends Element>(margin = '200px') {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen, margin]);
  return [ref, seen] as const;
}

export function BarChart(props: BarChartProps) {
  const [ref, seen] = useSeen<HTMLDivElement>();
  const placeholder = <Skeleton ref={ref} h={props.h ?? 260} />;
  if (!seen) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LoadedBarChart {...props} />
    </Suspense>
  );
}
