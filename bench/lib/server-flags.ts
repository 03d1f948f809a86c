import { readFileSync } from 'node:fs';

/**
 * NODE_OPTIONS for a bench's compiled server: the production flags of apps/server/node-flags.json
 * (as `npm start` runs it), or BENCH_SERVER_NODE_OPTIONS when set ('' runs node's defaults).
 */
export function serverNodeOptions(): string {
  if (process.env.BENCH_SERVER_NODE_OPTIONS !== undefined) return process.env.BENCH_SERVER_NODE_OPTIONS;
  const { flags } = JSON.parse(readFileSync(new URL('../../apps/server/node-flags.json', import.meta.url), 'utf8')) as { flags: string[] };
  return flags.join(' ');
}
