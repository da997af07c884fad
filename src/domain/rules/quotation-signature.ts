/**
 * A quotation approved and signed online by its customer (issue 26 §3): a one-time code sent by
 * e-mail to the signer, a drawn signature, and an audit trail sealed into the PDF. Legally a
 * «firma elettronica semplice» (simple electronic signature): eIDAS, Reg. UE 910/2014 art. 3(10)
 * and art. 25(1) (its effect cannot be denied only because it is electronic), and CAD, D.Lgs.
 * 82/2005 art. 20 c. 1-bis (its probative value is freely assessed by the judge, considering its
 * security, integrity and immutability). Shared by the server (checks) and the portal (the form).
 */
import { z } from 'zod';
import type { PermissionRule } from '../entities/roles.ts';
import { optionalText, requiredText } from '../validation.ts';

/**
 * Who may sign, whatever the roles (after every role's rules): a quotation is signed by its
 * customer's user, from the portal; staff (an administrator's `manage all` included) never sign for it.
 */
export function signatureRules(userType: 'external' | 'siv' | 'customer'): PermissionRule[] {
  return userType === 'customer' ? [] : [{ action: 'sign', subject: 'quotation', inverted: true, reason: 'Il preventivo lo firma il cliente, dal suo portale' }];
}

/** Digits of the one-time code. */
export const SIGNATURE_CODE_LENGTH = 6;
/** Minutes a code stays valid. */
export const SIGNATURE_CODE_TTL_MINUTES = 10;
/** Wrong codes allowed before the code is void (then a new one is needed). */
export const SIGNATURE_CODE_MAX_ATTEMPTS = 5;
/** Codes one signer may ask for one quotation within an hour. */
export const SIGNATURE_CODES_PER_HOUR = 5;
/** Largest drawn signature accepted (a PNG of a canvas is a few tens of kB). */
export const SIGNATURE_IMAGE_MAX_BYTES = 300_000;

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** A drawn signature as the canvas gives it: a PNG data URL, not empty, not too large. */
export const drawnSignature = z.string().max(Math.ceil((SIGNATURE_IMAGE_MAX_BYTES * 4) / 3) + 40, 'La firma disegnata è troppo grande')
  .regex(PNG_DATA_URL, 'Disegnare la firma nel riquadro');

/** What the customer sends to sign: the code, the drawing, the name, and which optional lines it takes. */
export const signQuotationRequest = z.strictObject({
  code: z.string().trim().regex(new RegExp(`^\\d{${SIGNATURE_CODE_LENGTH}}$`), `Il codice è di ${SIGNATURE_CODE_LENGTH} cifre`),
  signature: drawnSignature,
  signerName: requiredText(200),
  /** Optional lines the customer takes (they become part of the order); the others are left out. */
  includedOptionalLineIds: z.array(z.uuid()).max(500).default([]),
});
export type SignQuotationRequest = z.infer<typeof signQuotationRequest>;

/** A refusal says why, so the salesman knows what to change. */
export const refuseQuotationRequest = z.strictObject({
  reason: requiredText(2000),
  signerName: optionalText(200),
});

/** The PNG bytes of a drawn signature data URL (already checked by `drawnSignature`). */
export function signatureBytes(dataUrl: string): Uint8Array {
  const base64 = PNG_DATA_URL.exec(dataUrl)?.[1] ?? '';
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** An e-mail address as the screen says where the code went: m•••o@esempio.it. */
export function maskedEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  if (!domain) return email;
  const shown = local.length <= 2 ? `${local[0] ?? ''}•` : `${local[0]}${'•'.repeat(Math.min(local.length - 2, 5))}${local.at(-1)}`;
  return `${shown}@${domain}`;
}

/** The facts the audit trail records. */
export interface SignatureFacts {
  signerName: string;
  signerEmail: string;
  customerName: string;
  quotationCode: string;
  /** ISO instant of the signature. */
  signedAt: string;
  /** ISO instant the code was sent. */
  codeSentAt: string;
  ipAddress: string;
  userAgent: string;
  /** SHA-256 (hex) of the quotation's PDF as presented to the signer. */
  documentSha256: string;
  /** The optional lines taken and left, by description. */
  includedOptional: readonly string[];
  excludedOptional: readonly string[];
}

const romeTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The audit trail's rows, in Italian, as the sealed page prints them. */
export function auditTrail(facts: SignatureFacts): [string, string][] {
  const at = (iso: string) => `${romeTime.format(new Date(iso))} (ora di Roma; ${iso} UTC)`;
  return [
    ['Documento', `Preventivo ${facts.quotationCode} – ${facts.customerName}`],
    ['Firmatario', `${facts.signerName} <${facts.signerEmail}>`],
    ['Firmato il', at(facts.signedAt)],
    ['Verifica dell’identità', `codice monouso di ${SIGNATURE_CODE_LENGTH} cifre inviato a ${facts.signerEmail} il ${romeTime.format(new Date(facts.codeSentAt))}, inserito correttamente`],
    ['Indirizzo IP', facts.ipAddress],
    ['Browser', facts.userAgent || 'non indicato'],
    ['Impronta SHA-256 del preventivo presentato', facts.documentSha256],
    ['Voci opzionali accettate', facts.includedOptional.length > 0 ? facts.includedOptional.join('; ') : 'nessuna'],
    ['Voci opzionali escluse', facts.excludedOptional.length > 0 ? facts.excludedOptional.join('; ') : 'nessuna'],
  ];
}

/** What the sealed page says the signature is, in law. */
export const SIGNATURE_LEGAL_NOTE = 'Firma elettronica semplice ai sensi del Regolamento UE 910/2014 (eIDAS), art. 3 n. 10 e art. 25, '
  + 'e del D.Lgs. 82/2005 (CAD), art. 20 c. 1-bis: il suo valore probatorio è liberamente valutabile in giudizio, tenuto conto '
  + 'delle caratteristiche di sicurezza, integrità e immodificabilità. L’impronta SHA-256 identifica il preventivo presentato al firmatario.';
