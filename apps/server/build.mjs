// Builds the server for production: one ES module, apps/server/dist/main.js, that plain `node`
// runs (no tsx at run time). The shared contracts (TypeScript source) are bundled in; every npm
// package stays external and loads from node_modules as usual.
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
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
