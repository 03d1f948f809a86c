// The module graph: no circle of imports of any depth (eslint's import/no-cycle stops at five
// imports, and a circle between modules can be far longer between their files). `npm test` runs
// it (scripts/test.mjs); by hand: npm run graph. Who may import what (module boundaries, contracts
// ← server/web) stays in eslint.config.js; this file checks only the circles.
const cycle = (name, comment, scope, path) => ({ name, comment, severity: 'error', ...(scope && { scope }), from: { path }, to: { path, circular: true } });

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    cycle(
      'no-module-cycle',
      'Un módulo del servidor no vuelve a sí mismo por ninguna cadena de imports: el código va al módulo dueño o se declara un hook (ARCHITECTURE.md, "Modules").',
      'folder',
      '^apps/server/src/modules/[^/]+$',
    ),
    cycle('no-web-cycle', 'En la web las importaciones van en un solo sentido: app → features → components → lib.', 'folder', '^apps/web/src/'),
    cycle('no-file-cycle', 'Ningún archivo vuelve a sí mismo por una cadena de imports (también dentro de un módulo).', undefined, '^(apps|packages)/'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and their helpers are not part of the architecture (a web test renders the whole app).
    exclude: { path: ['(^|/)(dist|node_modules)/', '\\.test\\.tsx?$', '^apps/web/src/test/'] },
    // Type-only imports count: a circle of types is still a circle between modules.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    // Folder-scope rules (the module and web cycles) need the folder graph, which metrics builds.
    metrics: true,
  },
};
