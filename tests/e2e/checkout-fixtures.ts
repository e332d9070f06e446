/**
 * Helpers of the checkout e2e specs: valid (and invalid) customer data per storefront from the rules'
 * own test data (tests/unit/lib/checkout/address-rules.test.ts, organisation-number.test.ts), and the
 * steps of a purchase through the real pages.
 */
import { expect, type Page } from '@playwright/test';
import type { LocaleCode } from '#lib/market/locales.ts';
import { origin } from '#tests/support/test-env.ts';
import { hydrated, type DemoProduct } from './islands-fixtures.ts';

export interface TestCustomer {
  email: string;
  mobile: string;
  first_name: string;
  last_name: string;
  street: string;
  postal_code: string;
  city: string;
  company_name: string;
  organisation_number: string;
  bad_postal_code: string;
  bad_mobile: string;
}

export const CUSTOMERS: Record<LocaleCode, TestCustomer> = {
  sv: {
    email: 'anna.svensson@example.se',
    mobile: '070-123 45 67',
    first_name: 'Anna',
    last_name: 'Svensson',
    street: 'Drottninggatan 1',
    postal_code: '111 51',
    city: 'Stockholm',
    company_name: 'Verkstaden AB',
    organisation_number: '556012-5790',
    bad_postal_code: '1234',
    bad_mobile: '08-123 456 78',
  },
  no: {
    email: 'ola.nordmann@example.no',
    mobile: '412 34 567',
    first_name: 'Ola',
    last_name: 'Nordmann',
    street: 'Karl Johans gate 1',
    postal_code: '0150',
    city: 'Oslo',
    company_name: 'Verkstedet AS',
    organisation_number: '923609016',
    bad_postal_code: '015',
    bad_mobile: '22 12 34 56',
  },
  da: {
    email: 'mette.hansen@example.dk',
    mobile: '20 12 34 56',
    first_name: 'Mette',
    last_name: 'Hansen',
    street: 'Strøget 1',
    postal_code: '1050',
    city: 'København K',
    company_name: 'Værkstedet ApS',
    organisation_number: '24256790',
    bad_postal_code: '37 00',
    bad_mobile: '1234 5678',
  },
  fi: {
    email: 'matti.virtanen@example.fi',
    mobile: '040 123 4567',
    first_name: 'Matti',
    last_name: 'Virtanen',
    street: 'Mannerheimintie 1',
    postal_code: '00100',
    city: 'Helsinki',
    company_name: 'Korjaamo Oy',
    organisation_number: '0112038-9',
    bad_postal_code: '0010',
    bad_mobile: '09 1234 5678',
  },
  nl: {
    email: 'jan.jansen@example.nl',
    mobile: '06-12345678',
    first_name: 'Jan',
    last_name: 'Jansen',
    street: 'Damrak 1',
    postal_code: '1011 AB',
    city: 'Amsterdam',
    company_name: 'Werkplaats BV',
    organisation_number: '69599084',
    bad_postal_code: '0123 AB',
    bad_mobile: '020-1234567',
  },
};

const FIELDS = ['email', 'mobile', 'first_name', 'last_name', 'street', 'postal_code', 'city'] as const;
export const testId = (field: string) => `checkout-${field.replace(/_/g, '-')}`;

/** Product page → add to cart → mini cart → its checkout button → /checkout/{id}. Returns the checkout id. */
export async function startCheckout(page: Page, locale: LocaleCode, product: DemoProduct): Promise<string> {
  await page.goto(origin(locale) + product.url);
  await hydrated(page);
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByTestId('minicart')).toBeVisible();
  const button = page.getByTestId('minicart-checkout');
  await expect(button).toHaveAttribute('href', '/checkout');
  await button.click();
  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Fills the customer fields (a business buyer first switches the type and adds company and organisation number). */
export async function fillCustomer(page: Page, c: TestCustomer, business = false): Promise<void> {
  if (business) {
    await page.getByTestId('checkout-customer-type').locator('input[value="business"]').check();
    await page.getByTestId('checkout-company-name').fill(c.company_name);
    await page.getByTestId('checkout-organisation-number').fill(c.organisation_number);
  }
  for (const field of FIELDS) {
    const input = page.getByTestId(testId(field));
    await input.fill(c[field]);
    await input.blur();
  }
  await expect(page.getByTestId('checkout-field-problem')).toHaveCount(0);
}

/** Picks the first option of a kind; a service-point option also gets its first service point. Returns the option's label text. */
export async function chooseShipping(page: Page, kind: 'home' | 'service_point'): Promise<{ text: string; servicePoint?: string }> {
  const option = page.locator(`[data-testid="checkout-shipping-option"][data-kind="${kind}"]`).first();
  await expect(option).toBeVisible();
  await option.locator('input').check();
  await expect(option.locator('input')).toBeChecked();
  const text = (await option.locator('.choice__name').textContent())!.trim();
  if (kind !== 'service_point') return { text };
  const select = page.getByTestId('checkout-service-point');
  await expect(select.locator('option:not([disabled])').first()).toBeAttached();
  const value = await select.locator('option:not([disabled])').first().getAttribute('value');
  await select.selectOption(value!);
  await expect(select).toHaveValue(value!);
  const name = (await select.locator(`option[value="${value}"]`).textContent())!.split(' – ')[0];
  return { text, servicePoint: name };
}

/** The shop's own invoice (consumer or business), the terms, place order → the confirmation page. */
export async function payByInvoiceAndPlace(page: Page): Promise<string> {
  const invoice = page.locator('[data-testid="checkout-payment-method"][data-provider="invoice"]').first();
  await invoice.locator('input').check();
  await expect(invoice.locator('input')).toBeChecked();
  await page.getByTestId('checkout-terms').check();
  // wait until the last choice is saved (the totals stop being busy) before reading the total to pay
  await expect(page.locator('.checkout-totals.is-busy')).toHaveCount(0);
  const total = (await page.getByTestId('checkout-total').textContent())!;
  await page.getByTestId('checkout-place-order').click();
  await page.waitForURL(/\/checkout\/confirmation\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('order-confirmation')).toBeVisible();
  return total;
}

/** After the order: no lines in the cart and no checkout held (the confirmation's completeCheckout()). */
export async function expectCartEmptied(page: Page): Promise<void> {
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('td02:cart') ?? '{}') as { items?: unknown[]; checkoutID?: unknown },
  );
  expect(stored.items).toEqual([]);
  expect(stored.checkoutID).toBeNull();
}
