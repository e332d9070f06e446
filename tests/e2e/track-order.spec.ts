/**
 * Track order after the operator moves the order along (docs/product/fulfilment.md): a purchase through the
 * real pages, pick and ship through the operator endpoint, then the track-order form shows the timeline with
 * carrier, tracking number and link and the service point; a wrong e-mail gets the not-found answer. axe on both.
 */
import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, payByInvoiceAndPlace, startCheckout } from './checkout-fixtures.ts';
import { operator } from './account-fixtures.ts';
import { seriousAxe } from './a11y-fixtures.ts';

/** POST /api/operator/orders/{number}/{action} as staff would. */
const move = (number: string, action: 'pick' | 'ship') =>
  operator<{ order: { status: string; shipment: { carrier: string; tracking_number: string; tracking_url: string } } }>(
    `orders/${number}/${action}`,
  ).then((r) => r.order);

test('sv: after pick and ship by the operator, the track-order timeline shows carrier, tracking link and service point', async ({
  page,
}) => {
  await consentGiven(page, origin('sv'));
  const [product] = await demoProducts('sv', 1);
  await startCheckout(page, 'sv', product);
  await fillCustomer(page, CUSTOMERS.sv);
  const shipping = await chooseShipping(page, 'service_point');
  await payByInvoiceAndPlace(page);
  const number = (await page.getByTestId('order-number').textContent())!.trim();

  expect((await move(number, 'pick')).status).toBe('picked');
  const { shipment, status } = await move(number, 'ship');
  expect(status).toBe('shipped');

  await page.goto(`${origin('sv')}/track-order/${number}`);
  const form = page.getByTestId('track-order-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('track-order-number')).toHaveValue(number);
  expect(await seriousAxe(page)).toEqual([]);

  // A wrong e-mail: the same answer as an unknown order, and no timeline.
  await page.getByTestId('track-order-contact').fill('someone.else@example.se');
  await page.getByTestId('track-order-submit').click();
  await expect(page.getByTestId('track-order-problem')).toContainText('Vi hittade ingen order');
  await expect(page.getByTestId('order-timeline')).toHaveCount(0);
  expect(page.url()).not.toContain('example.se');

  await page.getByTestId('track-order-contact').fill(CUSTOMERS.sv.email);
  await page.getByTestId('track-order-submit').click();
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline).toBeVisible();
  expect(page.url()).not.toContain('@');
  await expect(timeline).toHaveAttribute('data-current-step', 'shipped');
  const steps = timeline.getByTestId('order-timeline-step');
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(0)).toHaveAttribute('data-step', 'placed');
  await expect(steps.nth(1)).toHaveAttribute('data-step', 'invoiced');
  for (const i of [0, 1, 2, 3]) await expect(steps.nth(i)).toHaveAttribute('data-done', 'true');
  await expect(steps.nth(4)).toHaveAttribute('data-done', 'false');
  await expect(steps.nth(3)).toHaveAttribute('aria-current', 'step');
  await expect(timeline.getByTestId('order-timeline-shipment')).toContainText(shipment.carrier);
  await expect(timeline.getByTestId('order-timeline-tracking-number')).toHaveText(shipment.tracking_number);
  await expect(timeline.getByTestId('order-timeline-tracking-link')).toHaveAttribute('href', shipment.tracking_url);
  await expect(timeline.getByTestId('order-timeline-service-point')).toContainText(shipping.servicePoint!);
  await expect(timeline.getByTestId('order-timeline-estimate')).toContainText('Beräknad leverans');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect(await seriousAxe(page)).toEqual([]);
});
