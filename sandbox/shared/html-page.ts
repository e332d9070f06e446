/**
 * The hosted pages' HTML frame: server-rendered, no external assets, no script, and a banner that
 * makes it unmistakable this is a SANDBOX and no real money moves.
 */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f4f6;color:#1d1d1f}
.sandbox{background:#b00020;color:#fff;text-align:center;font-weight:700;padding:.5rem;letter-spacing:.05em}
main{max-width:32rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input,select{width:100%;box-sizing:border-box;padding:.5rem;font-size:1rem}
.actions{display:flex;gap:.75rem;margin-top:1.25rem;flex-wrap:wrap}
button{padding:.6rem 1.2rem;font-size:1rem;border-radius:.3rem;border:1px solid #888;background:#fff;cursor:pointer}
button.primary{background:#1d6b3a;color:#fff;border-color:#1d6b3a}
.error{color:#b00020;font-weight:600}.muted{color:#666;font-size:.9rem}
table{width:100%;border-collapse:collapse}td{padding:.2rem 0}td.num{text-align:right}`;

export function renderPage(opts: { provider: string; title: string; body: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>SANDBOX · ${escapeHtml(opts.provider)} · ${escapeHtml(opts.title)}</title><style>${STYLE}</style></head>
<body><div class="sandbox" role="note">SANDBOX — ${escapeHtml(opts.provider)} emulator for Partsfront development. No real payment is made.</div>
<main><h1>${escapeHtml(opts.title)}</h1>
${opts.body}
</main></body></html>`;
}

/** Amount in minor units as "1 234,50 SEK" (display only). */
export function formatAmount(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100).toLocaleString('sv-SE')},${String(abs % 100).padStart(2, '0')} ${currency}`;
}
