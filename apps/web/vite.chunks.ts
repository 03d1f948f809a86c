import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The chunk of the signed-in screens' first load (vite.config.ts): the modules the signed-in
 * providers, the layout (with the legal-acceptance gate) and the dashboard import statically, found
 * from the bundler's module graph. docs/decisions/0019.
 */

type Info = { importedIds: readonly string[]; exports?: readonly string[]; code: string | null } | null;
type InfoOf = (id: string) => Info;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const ROOTS = [
  'src/app/signed-in-providers.tsx',
  'src/features/shell/index.ts',
  'src/features/dashboard/index.ts',
  'src/features/help/legal-acceptance-gate.tsx',
].map(here);

/**
 * Indexes that re-export a package (id → the name modules import them by). Through one of them a
 * module needs only the modules of the names it imports, not the whole package the index imports.
 */
function barrelName(id: string): string | null {
  if (/node_modules[\\/](@mantine[\\/][^\\/]+[\\/]esm[\\/]index\.mjs|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs)$/.test(id)) {
    return /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)![1]!.replaceAll('\\', '/');
  }
  return id === here('../../packages/contracts/src/index.ts') ? '@far/contracts' : null;
}

/** Only `export * from '…'` lines (the contracts' folder indexes). */
const onlyReexports = (code: string | null) =>
  code !== null && /^(\s*export\s*\*\s*from\s*["'][^"']+["'];?)*\s*$/.test(code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''));

const parsed = new Map<string, Map<string, string>>();

/** `import { a as b } from './x'` + `export { b }`, or `export { default as c } from './y'`: name → file. */
function namedReexports(id: string, code: string): Map<string, string> {
  const known = parsed.get(id);
  if (known) return known;
  const names = new Map<string, string>();
  const local = new Map<string, string>();
  const at = (file: string) => join(dirname(id), file);
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    for (const part of m[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) local.set(name, at(m[2]!));
    }
  }
  for (const m of code.matchAll(/export\s*\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/g)) {
    for (const part of m[1]!.split(',')) {
      const [from, as = from] = part.trim().split(/\s+as\s+/);
      const file = from && (m[2] ? at(m[2]) : local.get(from));
      if (as && file) names.set(as, file);
    }
  }
  parsed.set(id, names);
  return names;
}

/** The module a barrel's export `name` comes from. */
function origin(barrel: string, name: string, info: InfoOf): string | undefined {
  const mod = info(barrel);
  if (!mod?.code) return undefined;
  const file = namedReexports(barrel, mod.code).get(name);
  if (file) return mod.importedIds.find((i) => i === file || i.startsWith(`${file}?`));
  for (const dep of mod.importedIds) {
    const d = info(dep);
    // A folder index's `export *` names are not in its `exports`: look inside.
    const found = onlyReexports(d?.code ?? null) ? origin(dep, name, info) : d?.exports?.includes(name) ? dep : undefined;
    if (found) return found;
  }
  return undefined;
}

/** What `roots` import statically (or re-export), each module with its own imports. */
function staticClosure(roots: string[], info: InfoOf): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const mod = info(id);
    for (const dep of mod?.importedIds ?? []) {
      const name = barrelName(dep);
      if (!name || !mod?.code) {
        stack.push(dep);
        continue;
      }
      const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      for (const m of mod.code.matchAll(new RegExp(`(?:import|export)\\s*(\\{[^}]*\\}|\\*[^'"]*)\\s*from\\s*["']${escaped}["']`, 'g'))) {
        if (!m[1]!.startsWith('{')) {
          stack.push(dep); // a namespace import: all of it
          continue;
        }
        for (const part of m[1]!.slice(1, -1).split(',')) {
          const imported = part.trim().split(/\s+as\s+/)[0];
          const target = imported ? origin(dep, imported, info) : undefined;
          if (target) stack.push(target);
        }
      }
    }
  }
  return seen;
}

let modules: Set<string> | undefined;

/** Whether module `id` belongs to the signed-in chunk. */
export function inSignedInChunk(id: string, info: InfoOf): boolean {
  modules ??= staticClosure(ROOTS, info);
  return modules.has(id);
}
