/**
 * Whether a «Nuovo …» command (the palette's, a grid's «Nuovo: …» and its `n` key) may be offered: the
 * ability allows `create` on the kind, and by a rule a record started there can meet. A rule that asks
 * for a relationship to exist (the Operatore creates an anomaly only from a failed check:
 * `relationships.checkId: { $exists: true }`) is met only when the new record is made with it (a
 * check's own list presets it), never from the kind's list, where the whole form would be filled
 * before the API's 403. Other conditions (the user's own reminder, quotation) are filled by the form or
 * the server and left to them.
 */
import type { AppAbility } from './ability.ts';

type Conditions = Record<string, unknown>;

const required = (conditions: Conditions | undefined): string[] =>
  Object.entries(conditions ?? {})
    .filter(([, value]) => typeof value === 'object' && value !== null && (value as { $exists?: unknown }).$exists === true)
    .map(([path]) => path);

/** `preset`: the dotted paths a new record starts with (the filter of the list it is created from). */
export function mayCreate(ability: AppAbility, subject: string, preset: Readonly<Record<string, unknown>> = {}): boolean {
  if (!ability.can('create', subject)) return false;
  return ability.rulesFor('create', subject).some((rule) => !rule.inverted && required(rule.conditions as Conditions | undefined).every((path) => preset[path] !== undefined && preset[path] !== null && preset[path] !== ''));
}
