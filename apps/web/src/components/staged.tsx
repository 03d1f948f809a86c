import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts its children one after another, each in a task of its own after the previous one was
 * committed, so that a screen's first render is a few short tasks instead of one long one that
 * blocks the phone's main thread (issue 7 §3, total blocking time). Put the first screen's content
 * first: the rest is appended below it, so nothing already shown moves.
 */
export function Staged({ children }: { children: ReactNode }) {
  const parts = Children.toArray(children);
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= parts.length) return;
    const next = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    return () => clearTimeout(next);
  }, [shown, parts.length]);
  return <>{parts.slice(0, shown)}</>;
}
