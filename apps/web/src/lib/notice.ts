/** A message handed to the next screen through the router's location state. */
export interface Notice {
  color: 'green' | 'yellow' | 'red' | 'blue';
  message: string;
}

export function readNotice(state: unknown): Notice | null {
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as { notice?: unknown }).notice;
  if (typeof notice !== 'object' || notice === null) return null;
  const { color, message } = notice as Partial<Notice>;
  if (typeof message !== 'string' || message === '') return null;
  return { color: color ?? 'blue', message };
}

/** Where a protected screen sent the person before sign-in. */
export function readFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const from = (state as { from?: unknown }).from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
