/** A one-line terminal progress bar (falls back to occasional lines when not a TTY, e.g. in CI logs). */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  let lastPct = -1;
  return (done: number, total: number) => {
    const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
    if (pct === lastPct) return;
    lastPct = pct;
    const width = 30;
    const filled = Math.round((pct / 100) * width);
    const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${pct}% (${done}/${total})`;
    if (stream.isTTY) stream.write(`\r${line}${done >= total ? '\n' : ''}`);
    else if (pct % 25 === 0) stream.write(`${line}\n`);
  };
}
