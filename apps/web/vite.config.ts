import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { inSignedInChunk } from './vite.chunks';

/** Brotli (maximum quality) and gzip copies beside every text file, served as they are by the server. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'far-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json)$/.test(f))) {
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/docs': { target: api, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/docs': { target: api, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // Vendors in chunks of their own, cached across releases of the app's code. Then two groups,
        // so a phone makes a few requests, not ~90 of 1-3 KB (docs/decisions/0019):
        // - `first-load`: every other module main.tsx imports statically (`$initial`), the sign-in
        //   screen's first load, in one chunk with the entry (the same modules as before);
        // - `signed-in`: what the signed-in providers, the layout and the dashboard add to it
        //   (vite.chunks.ts). It must not take in its modules' dependencies: those the sign-in
        //   loads too would leave the first load for it.
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor-router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 2 },
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'first-load', tags: ['$initial'], priority: 1 },
            {
              debugName: 'signed-in',
              name: (id, ctx) => (inSignedInChunk(id, (m) => ctx.getModuleInfo(m)) ? 'signed-in' : null),
              priority: 0,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
