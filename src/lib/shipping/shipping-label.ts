/** What a shopper reads for a shipping option: its name, with the carrier in front unless the name already starts with it. */
export function shippingLabel(carrier: string, name: string): string {
  return name.toLowerCase().startsWith(carrier.toLowerCase()) ? name : `${carrier} ${name}`;
}
