/**
 * Rules for the passwords of the embedded sign-in, the same wherever one is chosen (an
 * administrator setting it, a user changing it at sign-in). The figures are data with their source:
 * - at least 8 characters: NIST SP 800-63B §5.1.1.2 ("at least 8 characters in length") and the
 *   Italian "misure minime di sicurezza" (D.Lgs. 196/2003, Allegato B, regola 5: "composta da almeno otto caratteri");
 * - up to 128 characters: NIST SP 800-63B asks to accept at least 64; we accept twice that;
 * - no reference to the person (Allegato B regola 5: "non contiene riferimenti agevolmente
 *   riconducibili all'incaricato"): not containing the e-mail's name part.
 */
export const PASSWORD_RULES = {
  minLength: { value: 8, source: 'NIST SP 800-63B §5.1.1.2; D.Lgs. 196/2003 Allegato B, regola 5' },
  maxLength: { value: 128, source: 'NIST SP 800-63B §5.1.1.2 (almeno 64 accettati)' },
} as const;

/** Italian messages of the password rules. */
export const passwordMessages = {
  tooShort: `La password deve avere almeno ${PASSWORD_RULES.minLength.value} caratteri`,
  tooLong: `La password può avere al massimo ${PASSWORD_RULES.maxLength.value} caratteri`,
  personal: 'La password non deve contenere il nome utente',
  sameAsOld: 'La nuova password deve essere diversa da quella attuale',
  mismatch: 'Le due password non coincidono',
} as const;

/** What is wrong with `password` for the user with this e-mail (empty when it is acceptable). */
export function passwordIssues(password: string, email?: string): { code: keyof typeof passwordMessages; message: string }[] {
  const issues: { code: keyof typeof passwordMessages; message: string }[] = [];
  const length = [...password].length;
  if (length < PASSWORD_RULES.minLength.value) issues.push({ code: 'tooShort', message: passwordMessages.tooShort });
  if (length > PASSWORD_RULES.maxLength.value) issues.push({ code: 'tooLong', message: passwordMessages.tooLong });
  const name = email?.split('@')[0]?.trim().toLowerCase();
  if (name && name.length >= 3 && password.toLowerCase().includes(name)) issues.push({ code: 'personal', message: passwordMessages.personal });
  return issues;
}
