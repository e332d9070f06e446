/**
 * The studio's image store (src/server/media, migration 0031) on a real database: variants made with sharp and
 * read back byte for byte, EXIF orientation applied and metadata stripped, the same bytes reused with the new alt,
 * refusals naming the file field. SQLite, and PostgreSQL when TEST_DATABASE_URL is set.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { cleanFileName, readMedia, storeUpload, variantBytes, variantHead } from '#server/media/media-store.ts';
import { parseMediaPath } from '#lib/content/media-rules.ts';
import type { DomainError } from '#lib/errors/domain-errors.ts';
import { ENGINES } from '../backoffice/backoffice-db.ts';

const png = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 0, g: 128, b: 255, alpha: 0.5 } : '#3366cc' } })
    .png()
    .toBuffer();

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: DomainError) => ({ code: e.code, field: e.field, message: e.message }),
  );

describe.each(ENGINES)('media store on $name', (engine) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await engine.open());
  });
  afterAll(() => close());

  it('stores WebP variants up to 1600 px and a JPEG fallback, read back byte for byte', async () => {
    const bytes = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#aa3300' } })
      .jpeg()
      .toBuffer();
    const m = await storeUpload(db, { bytes, fileName: 'C:\\photos\\pump.jpg', alt: 'A red pump', uploadedBy: 'staff-1' });
    expect(m).toMatchObject({ width: 1600, height: 800, alt: 'A red pump', reused: false });
    expect(m.src).toBe(`/media/${m.id}-960.jpg`);
    expect(m.srcset).toBe([480, 960, 1600].map((w) => `/media/${m.id}-${w}.webp ${w}w`).join(', '));
    for (const url of [...m.srcset.split(', ').map((s) => s.split(' ')[0]!), m.src]) {
      const v = parseMediaPath(url)!;
      const stored = await variantBytes(db, v.id, v.width, v.format);
      const head = await variantHead(db, v.id, v.width, v.format);
      const meta = await sharp(stored!).metadata();
      expect(meta.width, url).toBe(v.width);
      expect(meta.height).toBe(v.width / 2);
      expect(meta.format).toBe(v.format);
      expect(head).toEqual({ height: v.width / 2, byteLength: stored!.byteLength });
    }
    expect(await readMedia(db, m.id)).toMatchObject({
      file_name: 'pump.jpg',
      mime: 'image/jpeg',
      width: 2400,
      height: 1200,
      uploaded_by: 'staff-1',
    });
    expect(await variantHead(db, m.id, 1200, 'webp')).toBeUndefined();
  });

  it('applies the EXIF orientation and strips the metadata', async () => {
    const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#00aa33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const m = await storeUpload(db, { bytes, fileName: 'turned.jpg', alt: 'Turned', uploadedBy: 'staff-1' });
    expect([m.width, m.height]).toEqual([800, 1200]);
    expect(m.srcset).toBe(`/media/${m.id}-480.webp 480w, /media/${m.id}-800.webp 800w`);
    const meta = await sharp((await variantBytes(db, m.id, 480, 'webp'))!).metadata();
    expect([meta.width, meta.height]).toEqual([480, 720]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('keeps transparency in a PNG fallback and never enlarges a small image', async () => {
    const m = await storeUpload(db, { bytes: await png(300, 200, true), fileName: 'logo.png', alt: 'Logo', uploadedBy: 'staff-1' });
    expect(m.src).toBe(`/media/${m.id}-300.png`);
    expect(m.srcset).toBe(`/media/${m.id}-300.webp 300w`);
    expect([m.width, m.height]).toEqual([300, 200]);
  });

  it('reads WebP, GIF and AVIF uploads too', async () => {
    const base = () => sharp({ create: { width: 600, height: 400, channels: 3, background: '#884422' } });
    const inputs = { webp: await base().webp().toBuffer(), gif: await base().gif().toBuffer(), avif: await base().avif().toBuffer() };
    for (const [type, bytes] of Object.entries(inputs)) {
      const m = await storeUpload(db, { bytes, fileName: `x.${type}`, alt: type, uploadedBy: 'staff-1' });
      expect(m.srcset, type).toBe(`/media/${m.id}-480.webp 480w, /media/${m.id}-600.webp 600w`);
      expect((await readMedia(db, m.id))?.mime).toBe(`image/${type}`);
    }
  });

  it('reuses the same bytes uploaded again, with the new alt text', async () => {
    const bytes = await png(640, 480);
    const first = await storeUpload(db, { bytes, fileName: 'a.png', alt: 'First', uploadedBy: 'staff-1' });
    const again = await storeUpload(db, { bytes, fileName: 'b.png', alt: 'Second', uploadedBy: 'staff-2' });
    expect(again).toEqual({ ...first, alt: 'Second', reused: true });
    expect((await readMedia(db, first.id))?.alt).toBe('Second');
  });

  it('refuses a text file, SVG, a damaged image and one over 40 megapixels, naming the file field', async () => {
    const upload = (bytes: Buffer) => refusal(storeUpload(db, { bytes, fileName: 'x.png', alt: 'x', uploadedBy: 'staff-1' }));
    expect(await upload(Buffer.from('just some text, renamed .png'))).toMatchObject({ code: 'invalid_request', field: 'file' });
    expect(await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toMatchObject({ field: 'file', message: /SVG/ });
    const good = await png(50, 50);
    expect(await upload(Buffer.concat([good.subarray(0, 40), Buffer.alloc(20)]))).toMatchObject({ code: 'invalid_request', field: 'file' });
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    expect(await upload(huge)).toMatchObject({ field: 'file', message: /megapixels/ });
  });

  it('cleans file names', () => {
    expect(cleanFileName('../../etc/pa\u0000ss\u202ewd.png')).toBe('passwd.png');
    expect(cleanFileName('')).toBe('image');
  });
});
