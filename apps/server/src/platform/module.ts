import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';

/**
 * A domain module as the app sees it: the `register(app, ctx)` its index.ts exports, which wires
 * the module's routes, job handlers and hooks. app.ts is the list of them (ARCHITECTURE.md).
 */
export type RegisterModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every hook and listener list declared in the process, by name: what the start-up check reads. */
const declared = new Map<string, () => boolean>();

function declare(name: string, provided: () => boolean): void {
  if (declared.has(name)) throw new Error(`${name}: ya hay un hook con ese nombre`);
  declared.set(name, provided);
}

/**
 * A function module A needs from module B when B already imports A (an import would be a circle,
 * which the module graph refuses): A declares the hook and calls it, B provides it in its
 * `register`. A hook nobody provided stops the app at start-up (assertHooksProvided).
 */
export interface Hook<F extends (...args: never[]) => unknown> {
  (...args: Parameters<F>): ReturnType<F>;
  provide: (impl: F) => void;
}

export function hook<F extends (...args: never[]) => unknown>(name: string): Hook<F> {
  let impl: F | undefined;
  declare(name, () => impl !== undefined);
  const call = (...args: Parameters<F>): ReturnType<F> => {
    if (!impl) throw new Error(`${name}: ningún módulo lo proporcionó (¿falta su register en app.ts?)`);
    return impl(...args) as ReturnType<F>;
  };
  return Object.assign(call, { provide: (f: F) => void (impl = f) });
}

/**
 * The same for news that several modules act on (e.g. a SPEI out ended: cards and dispersions each
 * keep their own counts): A declares it and calls it, each interested module adds its listener in
 * its `register`; calling runs them one after another. At least one must listen, or the app does
 * not start.
 */
export interface Listeners<A extends unknown[]> {
  (...args: A): Promise<void>;
  listen: (listener: (...args: A) => Promise<void>) => void;
}

export function listeners<A extends unknown[]>(name: string): Listeners<A> {
  // A set: a test process builds the app many times, and each build adds the same functions again.
  const all = new Set<(...args: A) => Promise<void>>();
  declare(name, () => all.size > 0);
  const call = async (...args: A): Promise<void> => {
    for (const l of all) await l(...args);
  };
  return Object.assign(call, { listen: (l: (...args: A) => Promise<void>) => void all.add(l) });
}

/**
 * Run by buildApp after every module's `register`: a hook or listener list that no module wired is
 * a wiring mistake, and the app refuses to start naming it, instead of failing (or, for a callback,
 * doing nothing) on the first request that needs it.
 */
export function assertHooksProvided(): void {
  const missing = [...declared].filter(([, provided]) => !provided()).map(([name]) => name);
  if (missing.length > 0)
    throw new Error(`Hooks sin proveedor: ${missing.join(', ')}. El módulo que los proporciona debe hacerlo en su register (y estar en MODULES de app.ts).`);
}
