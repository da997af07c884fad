/**
 * Valid Italian identifiers for the demo data: VAT numbers (partita IVA) with their check digit
 * and personal fiscal codes (codice fiscale) with their check letter, computed as the Agenzia
 * delle Entrate does, so they pass isValidVatNumber and isValidFiscalCode.
 */
import type { SeedContext } from '../seed-context.ts';

/** The check digit of the first ten digits of a VAT number (Luhn variant). */
export function vatCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(first10[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** Seven-digit company number, a provincial office code (001–100), and the check digit. */
export function vatNumber(ctx: SeedContext): string {
  const company = ctx.faker.string.numeric({ length: 7, allowLeadingZeros: true });
  const office = String(ctx.faker.number.int({ min: 1, max: 100 })).padStart(3, '0');
  const first10 = `${company}${office}`;
  return `${first10}${vatCheckDigit(first10)}`;
}

/** A VAT number no earlier call with the same `taken` set produced. */
export function uniqueVatNumber(ctx: SeedContext, taken: Set<string>): string {
  for (;;) {
    const value = vatNumber(ctx);
    if (!taken.has(value)) {
      taken.add(value);
      return value;
    }
  }
}

const monthLetters = 'ABCDEHLMPRST';

const oddValues: Record<string, number> = {
  0: 1, 1: 0, 2: 5, 3: 7, 4: 9, 5: 13, 6: 15, 7: 17, 8: 19, 9: 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};

/** Upper-case letters only, accents removed (Niccolò → NICCOLO, D’Amico → DAMICO). */
function letters(name: string): string {
  return name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/[^A-Z]/g, '');
}

const split = (name: string) => {
  const text = letters(name);
  return { consonants: text.replace(/[AEIOU]/g, ''), vowels: text.replace(/[^AEIOU]/g, '') };
};

function surnameCode(lastName: string): string {
  const { consonants, vowels } = split(lastName);
  return `${consonants}${vowels}XXX`.slice(0, 3);
}

/** With four or more consonants the name takes the first, third and fourth. */
function nameCode(firstName: string): string {
  const { consonants, vowels } = split(firstName);
  if (consonants.length >= 4) return `${consonants[0]}${consonants[2]}${consonants[3]}`;
  return `${consonants}${vowels}XXX`.slice(0, 3);
}

export function fiscalCheckLetter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const ch = first15[i] as string;
    if (i % 2 === 0) sum += oddValues[ch] ?? 0;
    else sum += /\d/.test(ch) ? Number(ch) : ch.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26));
}

export interface PersonIdentity {
  firstName: string;
  lastName: string;
  gender: 'male' | 'female';
  /** `YYYY-MM-DD`. */
  birthDate: string;
  /** Cadastral code of the birth town, e.g. F205 for Milano. */
  birthPlaceCode: string;
}

/** The 16-character fiscal code of a person. */
export function fiscalCode(person: PersonIdentity): string {
  const [year, month, day] = person.birthDate.split('-');
  const dayNumber = Number(day) + (person.gender === 'female' ? 40 : 0);
  const first15 = `${surnameCode(person.lastName)}${nameCode(person.firstName)}${(year as string).slice(2)}${monthLetters[Number(month) - 1]}${String(dayNumber).padStart(2, '0')}${person.birthPlaceCode}`;
  return `${first15}${fiscalCheckLetter(first15)}`;
}
