import { aliasFolders, importsOf, resolveSpecifier, sourceFiles } from './source-scan.ts';
const aliases = aliasFolders();
const files = sourceFiles('src');
const edges = new Map<string, Set<string>>();
for (const f of files) for (const r of importsOf(f)) { const t = resolveSpecifier(r.specifier, f, aliases); if (t.kind !== 'file') continue; if (!edges.has(f)) edges.set(f, new Set()); edges.get(f)!.add(t.path); }
let idx = 0; const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], on = new Set<string>(); const sccs: string[][] = [];
function sc(v: string) { index.set(v, idx); low.set(v, idx); idx++; stack.push(v); on.add(v);
  for (const w of edges.get(v) ?? []) { if (!index.has(w)) { sc(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!)); }
  if (low.get(v) === index.get(v)) { const c: string[] = []; let w; do { w = stack.pop()!; on.delete(w); c.push(w); } while (w !== v); sccs.push(c); } }
for (const n of files) if (!index.has(n)) sc(n);
for (const c of sccs.filter((c) => c.length > 1)) console.log(c.length, c.join('  '));
