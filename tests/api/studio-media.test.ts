/**
 * The studio's images end to end (docs/product/content-studio.md#images): POST /content/api/media on the admin
 * host stores an upload (also one over Astro's 1 MB body limit) and answers its addresses; every srcset and src
 * address answers the image on a storefront domain and on the admin host, cached for a year, with an ETag
 * answered 304. Refused: no alt, a text file renamed .png, no CSRF header, a read_only member, signed out, too large.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '#tests/support/http.ts';
import { openTestDb, port } from './api-support.ts';
import { ADMIN, signInStaff, STAFF_PASSWORD, staffSession, type StaffSession } from './backoffice-session.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import { insertStaff } from '#server/staff/staff-accounts.ts';
import type { DbHandle } from '#server/db/connection.ts';
import { MEDIA_CACHE_CONTROL } from '#lib/content/media-rules.ts';

let h: DbHandle;
let editor: StaffSession;
let reader: StaffSession;

beforeAll(async () => {
  h = openTestDb();
  editor = await staffSession(h, 'editor');
  reader = await staffSession(h, 'read_only');
});
afterAll(() => h.db.destroy());

interface Upload {
  file?: { bytes: Buffer; name: string; type: string };
  alt?: string;
}

/** The multipart body a browser's FormData sends. */
async function multipart(u: Upload): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  if (u.file) form.set('file', new File([new Uint8Array(u.file.bytes)], u.file.name, { type: u.file.type }));
  if (u.alt !== undefined) form.set('alt', u.alt);
  const r = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await r.arrayBuffer()), type: r.headers.get('content-type')! };
}

async function upload(u: Upload, s: StaffSession | null = editor, opts: { csrf?: boolean } = {}) {
  const { body, type } = await multipart(u);
  return request(`${ADMIN}/content/api/media`, {
    method: 'POST',
    headers: {
      'content-type': type,
      accept: 'application/json',
      origin: ADMIN,
      ...(s ? { cookie: s.cookie } : {}),
      ...(s && opts.csrf !== false ? { 'x-csrf-token': s.csrf } : {}),
    },
    body,
  });
}

/** GET with the answer's bytes as they are (the shared helper reads text). */
function getBytes(host: string, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers: { host: `${host}:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const photo = () =>
  sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();
const HOSTS = ['sv.localhost', 'nl.localhost', 'admin.localhost'];

describe('studio image upload and serving', () => {
  let uploaded: { id: string; src: string; srcset: string; sizes: string; width: number; height: number; alt: string };

  it('stores an upload and answers its root-relative addresses, audited', async () => {
    const r = await upload({ file: { bytes: await photo(), name: 'pump.jpg', type: 'image/jpeg' }, alt: 'A red pump' });
    expect(r.status, r.body).toBe(201);
    uploaded = r.json();
    const { id } = uploaded;
    expect(uploaded).toEqual({
      id,
      src: `/media/${id}-960.jpg`,
      srcset: `/media/${id}-480.webp 480w, /media/${id}-960.webp 960w, /media/${id}-1600.webp 1600w`,
      sizes: expect.stringContaining('100vw'),
      width: 1600,
      height: 800,
      alt: 'A red pump',
    });
    const audit = await h.db
      .selectFrom('staff_audit')
      .where('action', '=', 'content.media_upload')
      .where('subject_id', '=', id)
      .selectAll()
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ fileName: 'pump.jpg', alt: 'A red pump' });
  });

  it('serves every variant on a storefront domain and on the admin host, cached for a year', async () => {
    const urls = uploaded.srcset.split(', ').map((s) => s.split(' ') as [string, string]);
    for (const host of HOSTS) {
      for (const [url, w] of urls) {
        const r = await getBytes(host, url);
        expect(r.status, `${host}${url}`).toBe(200);
        expect(r.headers['content-type']).toBe('image/webp');
        expect(r.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
        expect(r.headers.etag).toBeTruthy();
        const meta = await sharp(r.body).metadata();
        expect(meta.format).toBe('webp');
        expect(`${meta.width}w`).toBe(w);
      }
      const src = await getBytes(host, uploaded.src);
      expect(src.status).toBe(200);
      expect(src.headers['content-type']).toBe('image/jpeg');
      expect((await sharp(src.body).metadata()).width).toBe(960);
    }
  });

  it('answers 304 to its ETag and 404 to an unknown image or width', async () => {
    const url = `/media/${uploaded.id}-480.webp`;
    for (const host of HOSTS) {
      const first = await getBytes(host, url);
      const again = await getBytes(host, url, { 'if-none-match': first.headers.etag! });
      expect(again.status, host).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers['cache-control']).toBe(MEDIA_CACHE_CONTROL);
      const head = await getBytes(host, url, {}, 'HEAD');
      expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(first.body.length), 0]);
      expect((await getBytes(host, `/media/${uploaded.id}-700.webp`)).status).toBe(404);
      expect((await getBytes(host, `/media/${'0'.repeat(32)}-480.webp`)).status).toBe(404);
      expect((await getBytes(host, '/media/nothing.webp')).status).toBe(404);
    }
  });

  it('takes a file over Astro’s 1 MB body limit (the host reads the upload itself)', async () => {
    const noise = await sharp(randomBytes(1000 * 700 * 3), { raw: { width: 1000, height: 700, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const r = await upload({ file: { bytes: noise, name: 'noise.png', type: 'image/png' }, alt: 'Noise' });
    expect(r.status, r.body).toBe(201);
    expect(r.json()).toMatchObject({ width: 1000, height: 700, src: expect.stringMatching(/-960\.jpg$/) });
  });

  it('refuses an upload without alt text, naming the field', async () => {
    const r = await upload({ file: { bytes: await photo(), name: 'pump.jpg', type: 'image/jpeg' } });
    expect(r.status).toBe(400);
    expect(r.json().error).toMatchObject({ code: 'invalid_request', field: 'alt' });
    const blank = await upload({ file: { bytes: await photo(), name: 'pump.jpg', type: 'image/jpeg' }, alt: '   ' });
    expect(blank.json().error).toMatchObject({ code: 'invalid_request', field: 'alt' });
  });

  it('words the refusal in the member’s language', async () => {
    const email = `sv-editor-${Date.now()}@bo.test`;
    await insertStaff(h.db, { email, name: 'Redaktör', role: 'editor', locale: 'sv', passwordHash: await hashPassword(STAFF_PASSWORD) });
    const swedish = await signInStaff(email);
    const r = await upload({ file: { bytes: await photo(), name: 'pump.jpg', type: 'image/jpeg' } }, swedish);
    expect(r.status).toBe(400);
    expect(r.json().error).toEqual({ code: 'invalid_request', field: 'alt', message: expect.stringContaining('alt-text krävs') });
  });

  it('refuses a text file renamed .png and an SVG, naming the file field', async () => {
    const text = await upload({ file: { bytes: Buffer.from('not an image at all'), name: 'fake.png', type: 'image/png' }, alt: 'Fake' });
    expect(text.status).toBe(400);
    expect(text.json().error).toMatchObject({ code: 'invalid_request', field: 'file' });
    const svg = await upload({
      file: { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'a.svg', type: 'image/svg+xml' },
      alt: 'A',
    });
    expect(svg.json().error).toMatchObject({ code: 'invalid_request', field: 'file' });
  });

  it('refuses a body over 10 MB before it reaches the application', async () => {
    const r = await upload({
      file: { bytes: Buffer.concat([await photo(), Buffer.alloc(10.2 * 1024 * 1024)]), name: 'big.jpg', type: 'image/jpeg' },
      alt: 'Big',
    });
    expect(r.status).toBe(413);
    expect(r.json().error.code).toBe('body_too_large');
  });

  it('refuses without the CSRF header, for a read_only member, and signed out', async () => {
    const file = { bytes: await photo(), name: 'pump.jpg', type: 'image/jpeg' };
    const noCsrf = await upload({ file, alt: 'x' }, editor, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.json().error.code).toBe('forbidden');
    const readOnly = await upload({ file, alt: 'x' }, reader);
    expect(readOnly.status).toBe(403);
    expect(readOnly.json().error.code).toBe('forbidden');
    const signedOut = await upload({ file, alt: 'x' }, null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.json().error.code).toBe('unauthorized');
  });
});
