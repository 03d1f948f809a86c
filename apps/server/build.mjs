// Builds the server for production: one ES module, apps/server/dist/main.js (and its worker
// threads' modules, dist/xlsx-worker.js and dist/pglite-worker.js), that plain `node` runs (no tsx
// at run time). The shared contracts (TypeScript source) are bundled in; every npm package stays
// external and loads from node_modules.
import { build } from 'esbuild';

await build({
  // The worker threads (the XLSX writer, the embedded database) are modules of their own, loaded by dist/main.js beside it.
  entryPoints: {
    main: new URL('./src/main.ts', import.meta.url).pathname,
    'xlsx-worker': new URL('./src/platform/xlsx-worker.ts', import.meta.url).pathname,
    'pglite-worker': new URL('./src/db/pglite-worker.ts', import.meta.url).pathname,
  },
  outdir: new URL('./dist', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@far/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
