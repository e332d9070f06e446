/**
 * Demo coupons and automatic discounts, one of each kind the engine knows, in every storefront
 * (amounts in the storefront's currency). The codes are listed in README.md.
 */
import { LOCALE_CODES, LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import type { CatalogueInput } from '#server/catalogue/catalogue-schema.ts';

type Product = CatalogueInput['products'][number];
type CouponInput = NonNullable<CatalogueInput['coupons']>[number];

/** Money in the storefront's currency: `eur` euros, ×10 for the crown storefronts. */
const money = (locale: LocaleCode, eur: number) => (LOCALES[locale].currency === 'EUR' ? eur : eur * 10);

export function demoCoupons(products: Product[]): CouponInput[] {
  const orderable = products.filter((p) => p.orderable !== false && p.stock_status === 'in-stock');
  const a = orderable[0];
  const b = orderable[1] ?? orderable[0];
  const category = a?.categories[0]?.id;
  return LOCALE_CODES.flatMap((locale): CouponInput[] => {
    const base = { locale };
    const list: CouponInput[] = [
      // Stacking (docs/adr/0011-coupon-stacking.md): SAVE10 and GIFT3 go together and with the automatic discounts;
      // every other code stands alone.
      {
        ...base,
        code: 'SAVE10',
        label: '10 %',
        discount_type_value: 1,
        percentage_discount: 10,
        combinable: true,
        with_automatic: true,
      },
      { ...base, code: 'GROUP20', label: '20 % (groups 1–10)', percentage_discount: 20, specific_groups: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
      {
        ...base,
        code: 'NOTGROUP15',
        label: '15 % (not groups 1–20)',
        percentage_discount: 15,
        excluded_groups: Array.from({ length: 20 }, (_, i) => i + 1),
      },
      { ...base, code: 'CATB25', label: '25 % (discount category B)', percentage_discount: 25, specific_discount_categories: ['B'] },
      {
        ...base,
        code: 'FIXED5',
        label: `-${money(locale, 5)}`,
        discount_type_value: 2,
        fixed_amount: money(locale, 5),
        minimum_spend: money(locale, 20),
      },
      {
        ...base,
        code: 'FULLPRICE10',
        label: `-${money(locale, 10)} (full price)`,
        discount_type_value: 3,
        fixed_amount: money(locale, 10),
      },
      { ...base, code: 'BIGSPENDER', label: '15 % over 500', percentage_discount: 15, minimum_spend: money(locale, 500) },
      { ...base, code: 'CUSTOMERDISCOUNT', label: 'Customer discount', discount_type_value: 2, fixed_amount: money(locale, 10) },
      // Automatic: no code needed; narrow on purpose (group 40, discount category D).
      {
        ...base,
        code: 'AUTO-D40',
        automatic: true,
        label: '5 % group 40',
        percentage_discount: 5,
        specific_groups: [40],
        specific_discount_categories: ['D'],
      },
    ];
    if (a && b && category) {
      list.push(
        {
          ...base,
          code: 'B2G1',
          label: 'Buy 2, get 1 free',
          buy_x: 2,
          get_y: 1,
          percentage_discount: 100,
          buy_categories: [category],
          get_categories: [category],
        },
        {
          ...base,
          code: 'BUNDLE50',
          label: 'Buy one, get the other at half price',
          buy_x: 1,
          get_y: 1,
          percentage_discount: 50,
          buy_products: [a.id],
          get_products: [b.id],
        },
        {
          ...base,
          code: 'GIFT3',
          label: `Buy one, ${money(locale, 3)} off another`,
          buy_x: 1,
          get_y: 1,
          buyx_free_amount: money(locale, 3),
          buy_products: [a.id],
          get_products: [b.id],
          combinable: true,
          with_automatic: true,
        },
      );
    }
    return list;
  });
}
