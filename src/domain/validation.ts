/**
 * Shared validation vocabulary: Italian messages (SPEC §5) on top of zod's Italian locale,
 * and the field helpers every entity schema is written with.
 */
import { z } from 'zod';

/** Texts of SPEC §5, plus the ones our own rules need. Keys double as issue codes in API errors. */
export const messages = {
  required: 'Obbligatorio',
  invalidValue: 'Valore non valido',
  invalidDate: 'Data non valida',
  invalidVatNumber: 'Partita IVA non valida',
  invalidFiscalCode: 'Codice fiscale non valido',
  invalidEmail: 'Indirizzo email non valido',
  invalidUrl: 'Indirizzo web non valido',
  fileTypeNotAllowed: 'Il tipo di file non è consentito',
  folderAlreadyExists: 'È già presente una cartella con questo nome',
  employeeAlreadyExists: 'Esiste già un dipendente con questo codice fiscale',
  customerUserNeedsCustomer: 'Un utente di tipo cliente deve avere un cliente associato',
  atLeastOneModule: 'Selezionare almeno un modulo',
  comboboxNeedsOptions: 'Un campo a scelta deve avere almeno un’opzione',
  nextCallInFuture: 'Il prossimo richiamo deve essere nel futuro',
  startBeforeClose: 'La data di inizio lavori deve precedere la data di chiusura',
  closeAfterStart: 'La data di chiusura deve seguire la data di inizio lavori',
  notInFuture: 'La data non può essere futura',
  expiryAfterWriting: 'La scadenza deve seguire la data di redazione',
  validityEndAfterStart: 'La fine validità deve seguire l’inizio validità',
  validityRequired: 'Le date di validità sono obbligatorie quando esiste un accordo commerciale',
  instalmentsNone: 'Nessuna rata inserita',
  instalmentsIncomplete: 'Le percentuali delle rate non raggiungono il 100%',
  instalmentsExceeded: 'Le percentuali delle rate superano il 100%',
  defaultSupplierRequired: 'Indicare almeno un fornitore predefinito',
  operatorRequired: 'Indicare almeno un operatore',
  operatorInChargeRequired: 'Indicare l’operatore responsabile tra gli operatori',
  pageAtLeastOne: 'Deve essere almeno 1',
  endAfterStart: 'La fine deve seguire l’inizio',
} as const;

export type MessageKey = keyof typeof messages;

let configured = false;
/** Italian messages everywhere: zod's `it` locale, with SPEC §5 texts where the SPEC has one. */
function configureValidation(): void {
  if (configured) return;
  configured = true;
  z.config(z.locales.it());
  // In the browser the app's CSP forbids eval: zod then validates without compiling its checks.
  if ('document' in globalThis) z.config({ jitless: true });
  z.config({
    customError: (issue) => {
      if ((issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union') && issue.input === undefined) {
        return messages.required;
      }
      if (issue.code === 'invalid_format') {
        if (issue.format === 'email') return messages.invalidEmail;
        if (issue.format === 'url') return messages.invalidUrl;
        if (issue.format === 'date' || issue.format === 'datetime') return messages.invalidDate;
      }
      if (issue.code === 'invalid_value' || issue.code === 'invalid_union') return messages.invalidValue;
      return undefined;
    },
  });
}
configureValidation();

/** SPEC §5: a year outside 1900–2099 is corrected by taking its last two digits as 20xx. */
export function correctYear(year: number): number {
  return year >= 1900 && year <= 2099 ? year : 2000 + (Math.abs(year) % 100);
}

const isoDateRe = /^(-?\d{1,6})-(\d{2})-(\d{2})$/;
const isoDateTimeRe = /^(-?\d{1,6})(-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2}))$/;

/** Normalises a calendar date to `YYYY-MM-DD` (year corrected), or returns null when it is no date. */
export function normaliseDate(value: string): string | null {
  const m = isoDateRe.exec(value);
  if (!m) return null;
  const year = correctYear(Number(m[1]));
  const text = `${String(year).padStart(4, '0')}-${m[2]}-${m[3]}`;
  const d = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text ? null : text;
}

/** Normalises a date-time to UTC ISO with milliseconds (year corrected), or null. */
export function normaliseDateTime(value: string): string | null {
  const m = isoDateTimeRe.exec(value);
  if (!m) return null;
  const year = correctYear(Number(m[1]));
  const d = new Date(`${String(year).padStart(4, '0')}${m[2]}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** A calendar date `YYYY-MM-DD`; years outside 1900–2099 are corrected. */
export const isoDate = () =>
  z.string().transform((value, ctx) => {
    const text = normaliseDate(value);
    if (text === null) {
      ctx.issues.push({ code: 'custom', message: messages.invalidDate, input: value, params: { code: 'invalidDate' } });
      return z.NEVER;
    }
    return text;
  });

/**
 * A field most records leave empty (an address's building, its coordinates): forms fold it under
 * «Altri dati» of its group, so the fields everyone fills stay in view. Validation is unchanged.
 */
export const detail = <T extends z.ZodType>(schema: T): T => schema.meta({ detail: true }) as T;

/** A point in time, stored as UTC ISO with milliseconds; years outside 1900–2099 are corrected. */
export const isoDateTime = () =>
  z.string().transform((value, ctx) => {
    const text = normaliseDateTime(value);
    if (text === null) {
      ctx.issues.push({ code: 'custom', message: messages.invalidDate, input: value, params: { code: 'invalidDate' } });
      return z.NEVER;
    }
    return text;
  });

/** A non-empty trimmed text (SPEC §5 min 1). */
export const requiredText = (max = 500) => z.string().trim().min(1, messages.required).max(max);
/** An optional free text. */
export const optionalText = (max = 2000) => z.string().max(max).optional();
/** Empty or a valid e-mail address (SPEC §5 registry email / PEC). */
export const optionalEmail = () => z.union([z.literal(''), z.email()]).optional();
/** Empty or a valid web address (SPEC §5 website). */
export const optionalUrl = () => z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional();
/** Money in EUR: finite, stored with at most 2 decimals. */
/** The largest amount in euro a price or total may hold (a bound, so arithmetic on it stays exact to the cent). */
export const MAX_AMOUNT = 1_000_000_000;
/** The largest quantity of a line or delivery. */
export const MAX_QUANTITY = 1_000_000;
/** Any other measured number (a control's limits, an additional field): finite and within a sane range. */
export const MAX_MEASURE = 1_000_000_000_000;
export const money = () => z.number().finite().min(-MAX_AMOUNT).max(MAX_AMOUNT).transform((n) => Math.round(n * 100) / 100);
export const measure = () => z.number().finite().min(-MAX_MEASURE).max(MAX_MEASURE);
export const percentage = () => z.number().finite().min(0).max(100);
export const nonNegativeInt = () => z.number().int().min(0);

/** Italian VAT number (partita IVA): 11 digits with the Luhn-style check digit. */
export function isValidVatNumber(value: string): boolean {
  const v = value.replace(/^IT/i, '').trim();
  if (!/^\d{11}$/.test(v) || v === '00000000000') return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(v[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(v[10]);
}

const fiscalOdd: Record<string, number> = {
  0: 1, 1: 0, 2: 5, 3: 7, 4: 9, 5: 13, 6: 15, 7: 17, 8: 19, 9: 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};

/** Italian fiscal code: 16-character personal code with its check letter, or an 11-digit company code. */
export function isValidFiscalCode(value: string): boolean {
  const v = value.trim().toUpperCase();
  if (/^\d{11}$/.test(v)) return isValidVatNumber(v);
  if (!/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = v[i] as string;
    if (i % 2 === 0) sum += fiscalOdd[c] ?? 0;
    else sum += /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26)) === v[15];
}

/** Stored without the IT prefix, so the same company is always the same text. */
export const vatNumber = () =>
  z.string().trim().transform((v) => v.replace(/^IT(?=\d{11}$)/i, '')).refine((v) => v === '' || isValidVatNumber(v), { message: messages.invalidVatNumber, params: { code: 'invalidVatNumber' } });
export const fiscalCode = () =>
  z.string().trim().toUpperCase().refine((v) => v === '' || isValidFiscalCode(v), { message: messages.invalidFiscalCode, params: { code: 'invalidFiscalCode' } });
