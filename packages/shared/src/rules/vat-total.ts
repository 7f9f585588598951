/**
 * VAT of pharmacy products (non-prescription, OTC): the standard German rate.
 * The centre's default_IVA concerns its test services; consumables are always
 * billed at the standard rate.
 */
export const PHARMA_VAT_PERCENT = 19;

/** Gross amount in cents from net cents, rounded half up to the cent. */
export const grossCents = (netCents: number, vatPercent = PHARMA_VAT_PERCENT) =>
  Math.round((netCents * (100 + vatPercent)) / 100);

/** Total of a usage incl. VAT: the net prices summed, then VAT once on the sum (cents). */
export function usageTotal(products: ReadonlyArray<{ price: number }>, vatPercent = PHARMA_VAT_PERCENT) {
  const net = products.reduce((sum, p) => sum + p.price, 0);
  const gross = grossCents(net, vatPercent);
  return { net, vat: gross - net, gross };
}

/** Cents as euros with two decimals and a comma: 1234 -> '12,34 €'. */
export const euros = (cents: number) =>
  `${(cents / 100).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;
