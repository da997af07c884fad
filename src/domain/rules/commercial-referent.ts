/**
 * SPEC §8 «a commercial reference must be inserted from the customer registry»: a customer's
 * commercial referent is either one of our users (`relationships.referentId`, its name kept in
 * `metadata.referentName`) or, when it is not a user, one of the people of the customer's own
 * registry (`attributes.additionalInformations.referents`). A name typed freely that is none of
 * them is refused: the person is added to the registry's referents first, then named. Shared by the
 * API (the customer kind's `rules`, so every write path refuses it) and the form (the same rules).
 */
import type { RuleIssue } from '../kind.ts';

export const COMMERCIAL_REFERENT_FROM_REGISTRY = 'Il referente commerciale deve essere inserito dall’anagrafica del cliente.';

export interface RegistryReferent {
  firstName?: string;
  lastName?: string;
}

const normalized = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('it');

/** The names a registry referent goes by: «Mario Rossi» and «Rossi Mario». */
function namesOf(referent: RegistryReferent): string[] {
  const first = referent.firstName?.trim() ?? '';
  const last = referent.lastName?.trim() ?? '';
  return [`${first} ${last}`, `${last} ${first}`].map(normalized).filter(Boolean);
}

/** Whether `name` is one of the customer's registry referents. */
export function isRegistryReferent(name: string, referents: readonly RegistryReferent[]): boolean {
  const wanted = normalized(name);
  return referents.some((referent) => namesOf(referent).includes(wanted));
}

/**
 * The issue of a customer whose commercial referent is named without being a user
 * (`referentId` empty) nor a referent of its registry; none when it is a user, a registry referent,
 * or not named at all.
 */
export function commercialReferentIssues(input: { referentId?: string | null; referentName?: string | null; referents: readonly RegistryReferent[] }): RuleIssue[] {
  const name = input.referentName?.trim();
  if (!name || input.referentId) return [];
  if (isRegistryReferent(name, input.referents)) return [];
  return [{ path: ['metadata', 'referentName'], code: 'commercialReferentFromRegistry', message: COMMERCIAL_REFERENT_FROM_REGISTRY }];
}
