/**
 * Every path of the JSON API (docs/product/api.md), in one place for the server's tests and the browser's
 * client. Kept free of zod so the browser bundle that imports it stays small.
 */
export const API_PATHS = {
  currentDeal: '/api/current-deal',
  widgetBySlug: (slug: string) => `/api/widget-by-slug/${encodeURIComponent(slug)}`,
  products: '/api/products',
  recommendations: '/api/recommendations',
  publicConfig: '/api/public-config',
  searchTriggers: '/api/search-triggers',
  searchSuggestions: '/api/search-suggestions',
  models: '/api/models',
  productCategories: '/api/product-categories',
  categoryChildren: '/api/category-children',
  strings: '/api/strings',
  syncCart: '/api/sync-cart',
  syncCoupons: '/api/sync-coupons',
  companyPrices: '/api/company-prices',
  myAppliances: { list: '/api/my-appliances', one: (slug: string) => `/api/my-appliances/${encodeURIComponent(slug)}` },
  auth: {
    login: '/api/auth/login',
    refresh: '/api/auth/refresh',
    logout: '/api/auth/logout',
    profile: '/api/auth/profile',
    register: '/api/auth/register',
    forgotPassword: '/api/auth/forgot-password',
    loginLink: '/api/auth/login-link',
    tokenLogin: '/api/auth/token-login',
    setPassword: '/api/auth/set-password',
    changePassword: '/api/auth/change-password',
  },
  orderAuth: { login: '/api/order-auth/login', refresh: '/api/order-auth/refresh', info: '/api/order-auth/info' },
  checkout: {
    open: '/api/checkout',
    one: (id: string) => `/api/checkout/${encodeURIComponent(id)}`,
    place: (id: string) => `/api/checkout/${encodeURIComponent(id)}/place`,
    /** Where a provider's hosted page sends the shopper back (GET, from the browser). */
    paymentReturn: (id: string) => `/api/checkout/${encodeURIComponent(id)}/return`,
  },
  /** Provider notifications (webhooks): called by the provider, never by the browser. */
  paymentNotifications: (provider: string) => `/api/payments/${provider}/notifications`,
  captuerr: '/captuerr',
  productViews: '/api/product-views',
  productActivity: '/api/product-activity',
  personalisation: { visitor: '/api/personalisation/visitor', purchase: '/api/personalisation/purchase' },
} as const;
