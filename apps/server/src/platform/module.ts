import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';

/**
 * A domain module as the app sees it: the `register(app, ctx)` its index.ts exports, which wires
 * the module's routes, job handlers and hooks. app.ts is the list of them (ARCHITECTURE.md).
 */
export type RegisterModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/**
 * A function module A needs from module B when B already imports A (an import would be a cycle,
 * which lint refuses): A declares the hook and calls it, B provides it in its `register`. Calling a
 * hook nobody provided is a wiring mistake and fails loudly.
 */
export interface Hook<F extends (...args: never[]) => unknown> {
  (...args: Parameters<F>): ReturnType<F>;
  provide: (impl: F) => void;
}

export function hook<F extends (...args: never[]) => unknown>(name: string): Hook<F> {
  let impl: F | undefined;
  const call = (...args: Parameters<F>): ReturnType<F> => {
    if (!impl) throw new Error(`${name}: ningún módulo lo proporcionó (¿falta su register en app.ts?)`);
    return impl(...args) as ReturnType<F>;
  };
  return Object.assign(call, { provide: (f: F) => void (impl = f) });
}
