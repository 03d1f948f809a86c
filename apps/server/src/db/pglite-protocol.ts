/** The messages between the server's thread and the PGlite worker (pglite-thread.ts, pglite-worker.ts). */
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Types returned as their text: drizzle's parsers for them all return the text unchanged. */
  rawTypes?: number[];
}

export type Request =
  | { id: number; op: 'query'; tx?: number; text: string; params?: unknown[]; options?: QueryOptions }
  | { id: number; op: 'exec'; tx?: number; text: string }
  /** Opens a transaction; its statements then name it (`tx`) until `end` commits or rolls back. */
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'close' };

export type Reply =
  | { id: number; value?: unknown; error?: undefined }
  | { id: number; error: { message: string; props: Record<string, unknown> } }
  | { notify: string; payload: string }
  | { ready: true }
  | { failed: string };
