/**
 * Qualified technicians (issue 25, «Qualified technicians"). Source: D.M. 1 settembre 2021
 * ("Decreto controlli", art. 4 and Allegato II-III) as amended by D.M. 15 luglio 2025: from
 * 25 September 2026 only a «tecnico manutentore qualificato» may service fire-protection systems
 * and equipment, and the qualification is per type of system. The norm each type is serviced to
 * is given as data beside it (the UNI standards the decree's Allegato II refers to).
 */

/** The day from which only qualified technicians may service (D.M. 1/9/2021 as amended). */
export const QUALIFICATION_REQUIRED_FROM = '2026-09-25';

export const fireSystemTypes = [
  'extinguishers', 'hydrants', 'fixedSystems', 'detectionAlarm', 'fireDoors', 'emergencyLighting', 'smokeHeatExhaust',
] as const;
export type FireSystemType = typeof fireSystemTypes[number];

export interface FireSystemTypeFacts {
  /** Italian name, as the decree and the screens say it. */
  label: string;
  /** The norm(s) the maintenance of this type follows. */
  norm: string;
}

export const fireSystemTypeFacts: Readonly<Record<FireSystemType, FireSystemTypeFacts>> = {
  extinguishers: { label: 'Estintori', norm: 'UNI 9994-1:2013' },
  hydrants: { label: 'Idranti e naspi (reti idranti)', norm: 'UNI 10779:2021, UNI EN 671-3:2009' },
  fixedSystems: { label: 'Impianti fissi di estinzione', norm: 'UNI EN 12845:2020, UNI 11280:2021' },
  detectionAlarm: { label: 'Rivelazione e allarme incendio', norm: 'UNI 11224:2019' },
  fireDoors: { label: 'Porte e finestre tagliafuoco', norm: 'UNI 11473-1:2019' },
  emergencyLighting: { label: 'Illuminazione di sicurezza', norm: 'UNI 11222:2013' },
  smokeHeatExhaust: { label: 'Sistemi di evacuazione fumo e calore (SEFC)', norm: 'UNI 9494-3:2014' },
};

/** The demo catalogue's equipment types (src/server/seed/generators/catalog.ts) by code → the system type they belong to. */
export const systemTypeByFamilyCode: Readonly<Record<string, FireSystemType>> = {
  'EST-POL': 'extinguishers',
  'EST-CO2': 'extinguishers',
  'EST-SCH': 'extinguishers',
  'EST-CAR': 'extinguishers',
  'IDR-45': 'hydrants',
  'IDR-70': 'hydrants',
  NASPO: 'hydrants',
  'SPR-VAL': 'fixedSystems',
  'RIV-FUMO': 'detectionAlarm',
  PULS: 'detectionAlarm',
  PTF: 'fireDoors',
  'LUC-EM': 'emergencyLighting',
  EFC: 'smokeHeatExhaust',
};

/** The system types a set of equipment type codes needs (codes outside fire protection need none). */
export function systemTypesForFamilies(familyCodes: readonly string[]): FireSystemType[] {
  const needed = new Set<FireSystemType>();
  for (const code of familyCodes) {
    const type = systemTypeByFamilyCode[code];
    if (type) needed.add(type);
  }
  return fireSystemTypes.filter((type) => needed.has(type));
}

/** One qualification a technician holds. Dates are ISO days (YYYY-MM-DD). */
export interface HeldQualification {
  systemTypes: readonly FireSystemType[];
  obtainedOn: string;
  /** The renewal deadline: the qualification is valid up to and including this day. */
  renewalDue?: string | null | undefined;
}

/**
 * The system types `needed` on `onDate` that the technician's qualifications do not cover: a
 * qualification counts when obtained on or before the date and not past its renewal deadline.
 * Before QUALIFICATION_REQUIRED_FROM nothing is missing.
 */
export function missingSystemTypes(needed: readonly FireSystemType[], held: readonly HeldQualification[], onDate: string): FireSystemType[] {
  if (onDate < QUALIFICATION_REQUIRED_FROM) return [];
  const covered = new Set<FireSystemType>();
  for (const q of held) {
    if (q.obtainedOn > onDate) continue;
    if (q.renewalDue && q.renewalDue < onDate) continue;
    for (const type of q.systemTypes) covered.add(type);
  }
  return fireSystemTypes.filter((type) => needed.includes(type) && !covered.has(type));
}

/** The Italian refusal naming the missing types, e.g. «… non è qualificato per: Estintori, Porte e finestre tagliafuoco». */
export function missingQualificationMessage(technicianName: string, missing: readonly FireSystemType[]): string {
  const names = missing.map((type) => `${fireSystemTypeFacts[type].label} (${fireSystemTypeFacts[type].norm})`).join(', ');
  return `${technicianName} non è un tecnico manutentore qualificato (D.M. 1 settembre 2021) per: ${names}`;
}
