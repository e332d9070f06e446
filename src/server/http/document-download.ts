/**
 * An e-invoice or credit note download (docs/product/e-invoices.md): the UBL document as an attachment, never cached
 * or indexed, or a plain 404 when the asker has no such document. Shared by the buyer's and the back office's routes.
 */
export function documentDownload(doc: { xml: string; fileName: string } | undefined): Response {
  if (!doc)
    return new Response('Not found\n', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  return new Response(doc.xml, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'content-disposition': `attachment; filename="${doc.fileName}"`,
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
    },
  });
}
