/** Appends `v` to the list under `k`, starting the list when there is none (grouping rows by product, category …). */
export const push = <K, V>(m: Map<K, V[]>, k: K, v: V): void => {
  const a = m.get(k);
  if (a) a.push(v);
  else m.set(k, [v]);
};
