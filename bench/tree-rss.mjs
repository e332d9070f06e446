// Resident memory of a process and all its descendants (Linux /proc), for the benches that run a build or a server.
import fs from 'node:fs';

export function treeRss(pid) {
  let kb = 0;
  const walk = (p) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
      for (const c of fs.readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) walk(c);
    } catch {
      /* exited */
    }
  };
  walk(pid);
  return kb * 1024;
}
