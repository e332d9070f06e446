/**
 * The direction between the folders of src/server (docs/adr/0006-source-layout.md#direction-between-server-domains),
 * lowest layer first. A folder imports values only from folders in lower layers; never from its own layer's other
 * folders or from above. src/builds, src/host and the Astro pages sit above every layer.
 */
export const SERVER_LAYERS: readonly (readonly string[])[] = [
  // 0 ground floor: the database, process caches, storefront settings, secrets and tokens, the logger and metrics
  ['db', 'cache', 'market', 'security', 'telemetry'],
  // 1 the order record, the API edge's plumbing, what provider adapters share, the studio's stored images
  ['orders', 'http', 'providers', 'media'],
  // 2 mail (reads orders for campaigns), experiments (joins orders), payment adapters, coupon rules, e-invoice delivery
  // (the access point adapter and its queue; the document is rendered by checkout and handed in)
  ['mail', 'experiments', 'payments', 'coupons', 'einvoice'],
  // 3 accounts and sessions, the catalogue (counts orders for recommendations), shipping adapters
  ['auth', 'catalogue', 'shipping'],
  // 4 what builds on the catalogue or on one order: account pages, subscriptions, fulfilment, content, search, tracking
  // (with the client error reports of POST /captuerr), cart, the back office's staff (hashes passwords as auth does)
  // and company accounts (their members are customers; invitations go out by mail); quotes' rows and staff answers
  // (mailed to the asker; asking and accepting, which price carts and open checkouts, are checkout's)
  ['account', 'subscriptions', 'fulfilment', 'content', 'search', 'tracking', 'cart', 'staff', 'company', 'quotes'],
  // 5 what builds on several: checkout (cart + shipping + payments + accounts + subscriptions), returns, recommendations,
  // quick order (search's part numbers + the catalogue), lists (a company's members share them)
  ['checkout', 'returns', 'recommendations', 'quick-order', 'lists'],
  // 6 demo data, written through the domains; the back office's data (order list, order page, dashboard, queues)
  ['seed', 'backoffice'],
  // 7 command-line entry points (npm run db:seed, operator, outbox …)
  ['cli'],
];

/**
 * Type-only imports against the direction, each with the reason it is harmless. Keep this list short: a type that
 * two layers share belongs in the lower one (or in src/lib).
 */
export const TYPE_IMPORTS_AGAINST_DIRECTION: readonly { from: string; to: string; why: string }[] = [];

export const layerOf = (folder: string): number => SERVER_LAYERS.findIndex((l) => l.includes(folder));
