/** The modules' Italian names (SPEC §6 allowedModules), as the user reads them in a refusal or a notice. */
import type { ModuleName } from './enums.ts';

export const moduleLabels: Readonly<Record<ModuleName, string>> = {
  portal: 'Portale', fire: 'Antincendio', equip: 'Attrezzature', edu: 'Formazione', doc: 'Documenti', med: 'Medicina del lavoro',
};

/** The Italian name of `module`, or undefined for a value that is no module. */
export function moduleLabel(module: unknown): string | undefined {
  return typeof module === 'string' && Object.hasOwn(moduleLabels, module) ? moduleLabels[module as ModuleName] : undefined;
}

/** A refusal's text naming the module (server and client say the same words). */
export function moduleNotAllowedText(module: ModuleName): string {
  return `Il modulo ${moduleLabels[module]} non è abilitato per il tuo utente`;
}
