// Lint is where the house rules live: module boundaries, environment access, hooks. A rule
// written only in a document is not enforced; these are.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) => {
  try {
    return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};
/** A server module may use another module only through its index.ts, never its inner files. */
const moduleZones = dirs('./apps/server/src/modules/').flatMap((m) =>
  dirs('./apps/server/src/modules/')
    .filter((o) => o !== m)
    .map((o) => ({
      target: `./apps/server/src/modules/${m}`,
      from: `./apps/server/src/modules/${o}`,
      except: ['./index.ts'],
      message: 'Usa otro módulo solo por su index (../modulo), nunca sus archivos ni sus tablas.',
    })),
);
/** A web feature never imports another feature; what is shared goes to components/ or lib/. */
const featureZones = dirs('./apps/web/src/features/').map((f) => ({
  target: `./apps/web/src/features/${f}`,
  from: './apps/web/src/features',
  except: [`./${f}`],
  message: 'Una feature no importa otra; mueve lo compartido a components/ o lib/.',
}));
/** Imports flow one way: lib and components never reach up into features or app. */
const layerZones = ['lib', 'components'].map((layer) => ({
  target: `./apps/web/src/${layer}`,
  from: ['./apps/web/src/features', './apps/web/src/app'],
  message: 'lib/ y components/ no importan features ni app.',
}));
/** The server's layers: platform/ is below the modules (a module's tables are reached only through its index, above). */
const serverZones = [
  {
    target: './apps/server/src/platform',
    from: './apps/server/src/modules',
    message: 'platform/ no importa módulos: lo compartido vive en platform/ y los módulos lo usan.',
  },
  { target: './apps/web', from: './apps/server', message: 'El cliente web nunca importa código del servidor.' },
];
const serverPackages = ['@far/server', 'fastify', 'drizzle-orm', 'pg', '@electric-sql/pglite', 'node:*'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', 'data/**', 'test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Lee el entorno solo en src/config.ts.' }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    // import/parsers: without it the plugin reads imported TypeScript files with espree, fails, and
    // no-cycle silently sees no imports at all.
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...moduleZones, ...serverZones, ...featureZones, ...layerZones] }],
    },
  },
  // Import circles of any depth (between server modules, web folders or files) are refused by the
  // module-graph check, .dependency-cruiser.mjs: import/no-cycle stopped at five imports and cost
  // most of the lint's time.
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@far/web', '@far/web/*'], message: 'El servidor no importa el cliente web.' },
            { regex: 'apps/web', message: 'El servidor no importa el cliente web.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: serverPackages, message: 'El cliente web nunca importa código del servidor.' },
            { regex: 'apps/server', message: 'El cliente web nunca importa código del servidor.' },
          ],
        },
      ],
    },
  },
  // One typed client for every URL (docs/decisions/0032): a '/api/v1' string is written only as the
  // path of api.GET/POST/… or apiUrl, where the compiler checks it against the server's routes.
  // The transport (its own refresh path) and the tests (they stub the wire) are left out.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Literal[value=/\\/api\\/v1/]:not(CallExpression[callee.object.name='api'] > Literal.arguments:first-child, CallExpression[callee.name='apiUrl'] > Literal.arguments:first-child)",
          message: "Llama a la API con el cliente tipado: api.GET('/api/v1/…', { params }) o apiUrl(…), no con una URL escrita a mano.",
        },
        {
          selector: 'TemplateElement[value.raw=/\\/api\\/v1/]',
          message: "Llama a la API con el cliente tipado: api.GET('/api/v1/…/{id}', { params: { path: { id } } }), no con una URL armada a mano.",
        },
      ],
    },
  },
  // The Vite configuration runs in Node at build time (it writes the precompressed copies).
  {
    files: ['apps/web/vite.config.ts', 'apps/web/vite.chunks.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@far/server', '@far/web', 'react', 'fastify', 'drizzle-orm', 'node:*'], message: 'contracts no depende del servidor ni del cliente.' },
            { regex: 'apps/', message: 'contracts no depende del servidor ni del cliente.' },
          ],
        },
      ],
    },
  },
);
