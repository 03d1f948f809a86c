import { createHash } from 'node:crypto';
import type pg from 'pg';

/** A statement run this many times gets a name (one-off seeds and migrations stay unnamed). */
const HOT_AFTER = 3;
/** Named statements are kept per connection by PostgreSQL: bounded, so their memory is too. */
const MAX_NAMED = 256;
/** Longer texts (bulk inserts of many rows) are not worth keeping. */
const MAX_TEXT = 8_000;
const MAX_TRACKED = 5_000;
/**
 * A search's selectivity is only known with its pattern: PostgreSQL's generic plan for a named
 * `ILIKE $1` guesses 0.5 % and walks the list index filtering every row (measured 85 ms against
 * 20 ms off the trigram index), so searches stay unnamed and are planned with their pattern. So do
 * the searches of modules/search (LIKE 'prefix%' reads a text_pattern_ops index only when the
 * planner sees the prefix; a word query's selectivity depends on its words).
 */
const SEARCH = /\b(?:i?like|to_tsquery)\b/i;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/**
 * drizzle builds an unnamed statement for every call, which PostgreSQL parses and plans again each
 * time. This gives the hot ones (same text seen HOT_AFTER times) a name derived from their text,
 * so each pooled connection parses and plans them once and then only binds and executes.
 * Applies to every statement of the pool, transactions included.
 */
export function nameHotStatements(pool: pg.Pool): void {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();

  const named = (config: unknown): unknown => {
    if (typeof config !== 'object' || config === null) return config;
    const c = config as QueryConfigLike;
    if (typeof c.text !== 'string' || c.name !== undefined || typeof c.submit === 'function' || c.text.length > MAX_TEXT || SEARCH.test(c.text)) return config;
    const name = names.get(c.text);
    if (name) return { ...config, name };
    if (names.size >= MAX_NAMED) return config;
    const n = (seen.get(c.text) ?? 0) + 1;
    if (n < HOT_AFTER) {
      if (seen.size >= MAX_TRACKED) seen.clear();
      seen.set(c.text, n);
      return config;
    }
    seen.delete(c.text);
    const fresh = `far_${createHash('sha256').update(c.text).digest('base64url').slice(0, 24)}`;
    names.set(c.text, fresh);
    return { ...config, name: fresh };
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => query(named(config), ...rest)) as typeof client.query;
  });
}
