import { spawn } from 'node:child_process';

/**
 * Runs this bench script again in a fresh process with BENCH_ENGINE set, its output shown as it
 * comes, and waits for it: each engine is measured without the compiled code and heap another
 * engine's run left behind.
 */
export function inChild(engine: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, ...process.argv.slice(2)], {
      env: { ...process.env, BENCH_ENGINE: engine },
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench (${engine}) terminó con ${code}`))));
  });
}
