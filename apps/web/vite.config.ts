import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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
      const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
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
        // Vendors in chunks of their own, cached across releases of the app's code: only libraries
        // whose dependencies stay inside them (a group also takes in what its modules import, so a
        // group naming recharts or tiptap would pull shared helpers, then the entry, into it).
        // Mantine (and the floating-ui under its popovers) stays split per component, so the sign-in screen loads only the few it renders;
        // charts and the editor stay in the lazy dashboard and CMS chunks. docs/decisions/0019.
        manualChunks(id: string) {
          const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
          if (!pkg) return undefined;
          if (['react', 'react-dom', 'scheduler'].includes(pkg)) return 'vendor-react';
          if (['react-router', 'cookie', 'set-cookie-parser'].includes(pkg)) return 'vendor-router';
          if (pkg === 'zod') return 'vendor-zod';
          return undefined;
        },
      },
    },
  },
});
