/** Product-purchase settings slice (localStorage td02:productpurchase, docs/product/client-state.md#product-purchase-settings): which social-proof hints are on. */
import { localAtom } from './persist.ts';

export interface ProductPurchaseState {
  productViewsRecently: boolean;
  itemsBoughtToday: boolean;
  stockStatusDates: boolean;
}
export const productPurchase = localAtom<ProductPurchaseState>('productpurchase', {
  productViewsRecently: false,
  itemsBoughtToday: false,
  stockStatusDates: false,
});
