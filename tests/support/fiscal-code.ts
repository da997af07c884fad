/**
 * A valid 11-digit fiscal code from a number (a worker's fiscal code may be numeric, with the same
 * check digit as a partita IVA): the tests' employees, unique per number.
 */
export function numericFiscalCode(n: number): string {
  const digits = String(n).padStart(10, '0').slice(-10);
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(digits[i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}
