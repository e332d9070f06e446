// `npm run content -- <draft|preview-link|publish> <locale> …` (docs/product/content-editing.md#cli): edit content
// from a shell through the running server's content API, so publishing starts the server's own rebuild.
//   draft <locale> page <slug> <file.html> --title "…" [--meta "…"] --editor <name>
//   draft <locale> widget <slug> <file.html> [--hidden] --editor <name>
//   draft <locale> deal <id|new> --title "…" --sku <sku> --discount <percent> --starts <ISO time> --expires <ISO time> --editor <name>
//   preview-link <locale> <draft id>
//   publish <locale> <draft id> --editor <name>
// PARTSFRONT_EDITOR_TOKEN (an editor's own token) or PARTSFRONT_OPERATOR_TOKEN (then --editor names who) authenticates; --server <storefront origin> defaults to http://<locale>.localhost:$PORT.
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { parseArgs } from 'node:util';
import { LOCALES, isLocaleCode } from '#lib/market/locales.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    title: { type: 'string' },
    meta: { type: 'string' },
    editor: { type: 'string' },
    hidden: { type: 'boolean' },
    server: { type: 'string' },
    sku: { type: 'string' },
    discount: { type: 'string' },
    starts: { type: 'string' },
    expires: { type: 'string' },
  },
});
const [command, locale, ...rest] = positionals;
const usage =
  'usage: npm run content -- draft <locale> <page|widget> <slug> <file.html> --editor <name> [--title …] | draft <locale> deal <id|new> --title … --sku … --discount … --starts … --expires … --editor <name> | preview-link <locale> <draft id> | publish <locale> <draft id> --editor <name>';

// *.localhost names (the local storefronts) resolve to the loopback address, as browsers do.
const lookup = (host, opts, cb) =>
  host.endsWith('.localhost')
    ? opts.all
      ? cb(null, [{ address: '127.0.0.1', family: 4 }])
      : cb(null, '127.0.0.1', 4)
    : dns.lookup(host, opts, cb);

async function call(method, path, body) {
  const origin = values.server ?? `http://${locale}.localhost:${process.env.PORT ?? 4321}`;
  const url = new URL(`${origin}${path}?locale=${locale}&sid=${LOCALES[locale].storeID}`);
  const payload = JSON.stringify(body);
  const { status, text } = await new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method,
        lookup,
        headers: {
          // an editor's own token names them; the operator token needs --editor
          authorization: `Bearer ${process.env.PARTSFRONT_EDITOR_TOKEN ?? process.env.PARTSFRONT_OPERATOR_TOKEN ?? ''}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (d) => (text += d))
          .on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  let answer = {};
  try {
    answer = JSON.parse(text);
  } catch {
    // not JSON (a proxy error page): reported below by status and text
  }
  if (status < 200 || status > 299)
    throw new Error(`${status} ${answer.error?.code ?? ''}: ${answer.error?.message ?? text.slice(0, 200)}`);
  return { origin, answer };
}

try {
  if (!isLocaleCode(locale ?? '')) throw new Error(usage);
  if (command === 'draft' && rest[0] === 'deal' && rest.length === 2) {
    const body = {
      kind: 'deal',
      key: rest[1],
      title: values.title,
      sku: values.sku,
      discount: Number(values.discount),
      startsAt: values.starts,
      expiresAt: values.expires,
      editor: values.editor,
    };
    const { answer } = await call('PUT', '/api/content/drafts', body);
    console.log(`draft ${answer.draft.id} saved (deal ${answer.draft.key}, ${locale})`);
  } else if (command === 'draft' && rest.length === 3) {
    const [kind, key, file] = rest;
    const bodyHtml = fs.readFileSync(file, 'utf8');
    const body =
      kind === 'page'
        ? { kind, key, title: values.title, metaDescription: values.meta ?? '', bodyHtml, editor: values.editor }
        : { kind, key, bodyHtml, hidden: !!values.hidden, editor: values.editor };
    const { answer } = await call('PUT', '/api/content/drafts', body);
    console.log(`draft ${answer.draft.id} saved (${answer.draft.kind} ${answer.draft.key}, ${locale})`);
  } else if (command === 'preview-link' && rest.length === 1) {
    const { origin, answer } = await call('POST', '/api/content/preview-link', { draftId: rest[0] });
    console.log(`${origin}${answer.href}\n(valid until ${answer.expiresAt})`);
  } else if (command === 'publish' && rest.length === 1) {
    const { answer } = await call('POST', '/api/content/publish', { draftId: rest[0], editor: values.editor });
    console.log(`published at ${answer.published.publishedAt} by ${answer.published.publishedBy}; rebuild: ${answer.published.rebuild}`);
  } else throw new Error(usage);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
