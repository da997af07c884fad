/**
 * Money in EUR (SPEC §9: exactly 2 decimals, Italian locale). Amounts are JavaScript numbers, so
 * 1.005 is really 1.00499999999999989…: rounding first removes that noise (15 significant digits
 * is what a double holds reliably), then rounds half away from zero on the cent as people expect.
 */

/** Rounds to the cent, half away from zero: 1.005 → 1.01, 2.675 → 2.68, -1.005 → -1.01. */
export function roundEur(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Importo non valido: ${amount}`);
  const cents = Number((Math.abs(amount) * 100).toPrecision(15));
  const rounded = (Math.sign(amount) * Math.round(cents)) / 100;
  // -0.001 rounds to -0, which would print as "-0,00 €".
  return rounded === 0 ? 0 : rounded;
}

const eurFormat = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `12.345,68 €` — rounded as roundEur does, so the text and the stored value never disagree. */
export function formatEur(amount: number): string {
  return eurFormat.format(roundEur(amount));
}
