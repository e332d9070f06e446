/** Kysely table types for the SQL migrations (JSON columns are TEXT, booleans 0/1). */
import type { Generated } from 'kysely';
import type { MailTables } from './mail-tables.ts';
import type { ContentDraftTables } from './content-draft-tables.ts';
import type { ReturnTables } from './return-tables.ts';
import type { FulfilmentTables } from './fulfilment-tables.ts';
import type { SubscriptionTables } from './subscription-tables.ts';
import type { AuthTables } from './auth-tables.ts';
import type { AccountPageTables, CustomerProfileColumns } from './customer-profile-tables.ts';
import type { CouponStackingColumns } from './coupon-stacking-tables.ts';
import type { MarketingTables } from './marketing-tables.ts';
import type { RateLimitTables } from './rate-limit-tables.ts';
import type { ProductRelationTables } from './product-relation-tables.ts';
import type { ProductViewTables } from './product-view-tables.ts';
import type { CatalogueChangeTables } from './catalogue-change-tables.ts';
import type { ExperimentTables, ExperimentVisitorColumn } from './experiment-tables.ts';
import type { StaffTables } from './staff-tables.ts';
import type { OrderNotesTable } from './back-office-tables.ts';
import type { MediaTable, MediaVariantsTable } from './media-tables.ts';
import type { ApplianceModelTables } from './appliance-model-tables.ts';
import type { CustomerModelTables } from './customer-model-tables.ts';
import type { CompanyTables } from './company-tables.ts';
import type { CompanyOrderColumn, CompanyOrderTables } from './company-order-tables.ts';
import type { CompanyPriceTables } from './company-price-tables.ts';
import type { ListTables } from './list-tables.ts';
import type { StockAlertTables } from './stock-alert-tables.ts';
import type { EInvoiceTables } from './einvoice-tables.ts';
import type { QuoteCheckoutColumn, QuoteTables } from './quote-tables.ts';
export interface CategoriesTable {
  id: number;
  parent_id: number | null;
  sort_order: number;
  show_in_menu: number;
  show_in_main_menu: number;
  thumb_url: string | null;
  thumb_width: number | null;
  thumb_height: number | null;
}
export interface CategoryTranslationsTable {
  category_id: number;
  locale: string;
  name: string;
  slug: string;
  description: string | null;
}
export interface BrandsTable {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
}
export interface TagsTable {
  id: number;
}
export interface TagTranslationsTable {
  tag_id: number;
  locale: string;
  name: string;
  slug: string;
}
export interface ProductsTable {
  id: number;
  sku: string;
  prefix: string;
  type: number;
  brand_id: number | null;
  group_id: number | null;
  discount_category: string | null;
  stock_status: string;
  stock_quantity: number;
  estimated_at: string | null;
  orderable: number;
  notifyable: number;
  decoration: string | null;
  variations: string;
  updated_at: string;
}
/** Product safety (migration 0026, docs/product/legal.md): SafetyInfo JSON (src/lib/catalogue/product-safety.ts) or NULL. */
export interface BrandsTable {
  safety: string | null;
}
export interface ProductsTable {
  safety: string | null;
}
export interface ProductTranslationsTable {
  product_id: number;
  locale: string;
  name: string;
  slug: string;
  url_fragment: string;
  description: string;
  search_text: string;
}
export interface ProductPricesTable {
  product_id: number;
  locale: string;
  prices: string;
  vat: number;
  unit_price: number;
}
export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
  main: number;
}
export interface ProductTagsTable {
  product_id: number;
  tag_id: number;
}
export interface ProductImagesTable {
  id: number;
  product_id: number;
  type: number;
  sort_order: number;
  url: string;
  width: number;
  height: number;
}
export interface ContentPagesTable {
  id: number;
  locale: string;
  slug: string;
  title: string;
  body_html: string;
  meta_description: string;
  published: number;
  updated_at: string;
  /** The page's translation group across storefronts (migration 0030); null: its own. */
  translation_key: Generated<string | null>;
}
export interface WidgetsTable {
  slug: string;
  locale: string;
  content: string;
  hidden: number;
}
export interface DealsTable {
  id: number;
  locale: string;
  title: string;
  product_id: number | null;
  product_name: string;
  product_slug: string;
  discount: number;
  starts_at: string;
  expires_at: string;
}
export interface SearchTriggersTable {
  id: number;
  locale: string;
  keyword: string;
  hint: string;
  url: string;
  url_title: string;
}
export interface StringsTable {
  locale: string;
  key: string;
  value: string;
}
export interface SchemaMigrationsTable {
  version: string;
  applied_at: string;
}

export interface Database
  extends
    CommerceTables,
    AccountTables,
    OrderTables,
    CheckoutTables,
    ContentDraftTables,
    MailTables,
    FulfilmentTables,
    AuthTables,
    SubscriptionTables,
    AccountPageTables,
    MarketingTables,
    RateLimitTables,
    ReturnTables,
    ProductRelationTables,
    CatalogueChangeTables,
    ExperimentTables,
    ProductViewTables,
    ApplianceModelTables,
    CustomerModelTables,
    StockAlertTables,
    CompanyTables,
    CompanyOrderTables,
    EInvoiceTables,
    CompanyPriceTables,
    QuoteTables,
    ListTables,
    StaffTables {
  categories: CategoriesTable;
  category_translations: CategoryTranslationsTable;
  brands: BrandsTable;
  tags: TagsTable;
  tag_translations: TagTranslationsTable;
  products: ProductsTable;
  product_translations: ProductTranslationsTable;
  product_prices: ProductPricesTable;
  product_categories: ProductCategoriesTable;
  product_tags: ProductTagsTable;
  product_images: ProductImagesTable;
  content_pages: ContentPagesTable;
  widgets: WidgetsTable;
  deals: DealsTable;
  search_triggers: SearchTriggersTable;
  strings: StringsTable;
  schema_migrations: SchemaMigrationsTable;
}

// 0002_commerce
export interface CouponsTable extends CouponStackingColumns {
  code: string;
  locale: string;
  automatic: number;
  label: string;
  discount_type_value: number;
  percentage_discount: number;
  fixed_amount: number;
  minimum_spend: number;
  specific_groups: string;
  excluded_groups: string;
  specific_discount_categories: string;
  buy_x: number;
  get_y: number;
  buy_products: string;
  get_products: string;
  buy_categories: string;
  get_categories: string;
  buy_groups: string;
  get_groups: string;
  buyx_free_amount: number;
  starts_at: string | null;
  expires_at: string | null;
  active: number;
}
export interface ClientErrorsTable {
  id: string;
  created_at: string;
  locale: string;
  level: string;
  message: string;
  stack: string | null;
  user_agent: string | null;
  url: string | null;
  ip_hash: string;
}
export interface CommerceTables {
  coupons: CouponsTable;
  client_errors: ClientErrorsTable;
}

// 0003_customers
export interface CustomersTable extends CustomerProfileColumns {
  id: number;
  email: string;
  name: string;
  password_hash: string;
  discounts: string;
  created_at: string;
}
export interface AccountTables {
  customers: CustomersTable;
}

// 0004_orders
export interface OrdersTable extends ExperimentVisitorColumn, CompanyOrderColumn {
  id: string;
  locale: string;
  email: string;
  customer_id: number | null;
  status: string;
  currency: string;
  total: number;
  items: string;
  created_at: string;
  // 0005_checkout
  checkout_id: string | null;
  details: Generated<string>;
  total_minor: number | null;
  payment_status: string | null;
  // 0010_fulfilment: when the operator marked it delivered (the withdrawal period counts from it)
  delivered_at: string | null;
  // 0027_withdrawal_informed: when the confirmation with the withdrawal information was queued (null: not informed, art. 10)
  withdrawal_informed_at: Generated<string | null>;
}
export interface OrderTables {
  orders: OrdersTable;
}

// 0005_checkout
export interface CheckoutsTable extends ExperimentVisitorColumn, QuoteCheckoutColumn {
  id: string;
  locale: string;
  status: string;
  items: string;
  coupons: string;
  customer: string;
  shipping_processor: string;
  shipping_option_id: string | null;
  service_point_id: string | null;
  payment_method: string | null;
  provider_sessions: string;
  order_id: string | null;
  created_at: string;
  updated_at: string;
}
export interface CountersTable {
  name: string;
  value: number;
}
export interface OrderEventsTable {
  id: string;
  order_id: string;
  at: string;
  kind: string;
  from_state: string | null;
  to_state: string;
  event: string;
  source: string;
}
export interface PaymentNotificationsTable {
  id: string;
  provider: string;
  checkout_id: string | null;
  status: string;
  received_at: string;
  body: string;
}
export interface CheckoutTables {
  checkouts: CheckoutsTable;
  counters: CountersTable;
  order_events: OrderEventsTable;
  payment_notifications: PaymentNotificationsTable;
}

// 0024_price_history: one recorded unit price of one tier, in effect from `at` (docs/adr/0022-prior-price.md)
export interface PriceHistoryTable {
  product_id: number;
  locale: string;
  q: number;
  minor: number;
  at: string;
  reason: string;
}
// declaration merging keeps this migration's types in one block
export interface Database {
  price_history: PriceHistoryTable;
}
// 0029_back_office_orders: staff's internal notes on an order (its own block: other tables merge in beside it)
export interface Database {
  order_notes: OrderNotesTable;
}
// 0031_media: the content studio's images and their resized variants (src/server/media)
export interface Database {
  media: MediaTable;
  media_variants: MediaVariantsTable;
}
