import { aliasFolders, importsOf, resolveSpecifier, sourceFiles } from './source-scan.ts';
const aliases = aliasFolders();
const files = sourceFiles('src');
const edges = new Map<string, Map<string, string[]>>();
const folder = (p: string) => { const m = /^src\/server\/([^/]+)\//.exec(p); return m ? m[1] : p.startsWith('src/builds/') ? 'BUILDS' : p.startsWith('src/host/') ? 'HOST' : undefined; };
for (const f of files) {
  for (const r of importsOf(f)) {
    if (r.typeOnly) continue;
    const t = resolveSpecifier(r.specifier, f, aliases);
    if (t.kind !== 'file') continue;
    const a = folder(f), b = folder(t.path);
    if (!a || !b || a === b) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    const m = edges.get(a)!; if (!m.has(b)) m.set(b, []); m.get(b)!.push(`${f} -> ${t.path}`);
  }
}
// Tarjan SCC
let idx = 0; const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], on = new Set<string>(); const sccs: string[][] = [];
const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
function sc(v: string) { index.set(v, idx); low.set(v, idx); idx++; stack.push(v); on.add(v);
  for (const w of edges.get(v)?.keys() ?? []) { if (!index.has(w)) { sc(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!)); }
  if (low.get(v) === index.get(v)) { const c: string[] = []; let w; do { w = stack.pop()!; on.delete(w); c.push(w); } while (w !== v); sccs.push(c); } }
for (const n of nodes) if (!index.has(n)) sc(n);
console.log('SCCs:', JSON.stringify(sccs.filter((c) => c.length > 1)));
for (const [a, m] of [...edges].sort()) for (const [b, l] of [...m].sort()) console.log(`${a} -> ${b}  (${l.length})  ${l.slice(0, 3).join(' | ')}`);
