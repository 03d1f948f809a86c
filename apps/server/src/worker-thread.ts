import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker thread running a module that sits beside its caller: `name`.ts under tsx (tests, dev),
 * or the `name`.js the build writes beside dist/main.js. Under tsx a worker does not inherit its
 * loader (and takes no --import), so it registers it first.
 */
export function siblingWorker(caller: string, name: string, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const fromSource = caller.endsWith('.ts');
  const file = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, caller);
  if (!fromSource) return new Worker(file, options);
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
