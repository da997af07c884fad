/**
 * Installations and equipments at the customers' premises, which of them are under contract, and
 * the deadlines of their activities. The largest step: equipments are 20,000 × scale (a million at
 * the benchmark's scale 50), so rows are plain objects built in slices and inserted in bulk.
 */
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { positionsInside } from './italian-data.ts';
import { stateOf, type CustomerInfo, type InstallationInfo } from './state.ts';
import { addDays, chance, code, fastId, frequencyDays, int, minDay, weighted, weightedPicker } from './util.ts';
import { agentOf, equipmentDeadlines, recurs } from '../../../domain/rules/maintenance-rules.ts';

type InstallationType = 'sprinkler' | 'hydrant' | 'alarm' | 'extinguisherNetwork' | 'smokeExtraction' | 'emergencyLighting' | 'other';

/** What each kind of installation is made of (equipment type codes), and its name. */
const fireInstallations: Record<Exclude<InstallationType, 'other'> | 'doors', { type: InstallationType; names: string[]; families: string[]; activity?: string }> = {
  sprinkler: { type: 'sprinkler', names: ['Impianto sprinkler a umido', 'Impianto sprinkler a secco'], families: ['SPR-VAL'], activity: 'IMP-SPR' },
  hydrant: { type: 'hydrant', names: ['Rete idranti', 'Rete naspi e idranti'], families: ['IDR-45', 'IDR-70', 'NASPO'], activity: 'IMP-IDR' },
  alarm: { type: 'alarm', names: ['Impianto di rivelazione e allarme incendi'], families: ['RIV-FUMO', 'PULS'], activity: 'IMP-RIV' },
  extinguisherNetwork: { type: 'extinguisherNetwork', names: ['Dotazione estintori'], families: ['EST-POL', 'EST-CO2', 'EST-SCH', 'EST-CAR'] },
  smokeExtraction: { type: 'smokeExtraction', names: ['Impianto di evacuazione fumo e calore'], families: ['EFC'], activity: 'IMP-EFC' },
  emergencyLighting: { type: 'emergencyLighting', names: ['Impianto di illuminazione di emergenza'], families: ['LUC-EM'], activity: 'IMP-LUCI' },
  doors: { type: 'other', names: ['Compartimentazione e porte tagliafuoco'], families: ['PTF'] },
};
const fireInstallationWeights = { sprinkler: 8, hydrant: 25, alarm: 18, extinguisherNetwork: 22, smokeExtraction: 7, emergencyLighting: 15, doors: 5 } as const;
const equipInstallations = [
  { names: ['Impianto aria compressa'], families: ['COMP', 'REC-PRESS'] },
  { names: ['Sistema di sollevamento del capannone'], families: ['GRU-PON', 'PARANCO'] },
  { names: ['Magazzino a scaffalature'], families: ['SCAF'] },
  { names: ['Chiusure industriali'], families: ['PORT-IND'] },
  { names: ['Impianto montacarichi'], families: ['MONTACAR'] },
  { names: ['Reparto macchine utensili'], families: ['TORNIO'] },
];
/** Types found standing alone, outside any installation. */
const standaloneFire = ['EST-POL', 'EST-POL', 'EST-POL', 'EST-CO2', 'EST-CO2', 'EST-SCH', 'EST-CAR', 'LUC-EM', 'PTF'];
const standaloneEquip = ['CAR-EL', 'CAR-EL', 'PLE', 'GRU-AUT', 'TRANSP', 'TRANSP', 'COMP', 'PARANCO'];

const fireCharacteristics: Record<string, () => Record<string, string | number | boolean>[]> = {
  'EST-POL': () => [1, 2, 6, 9, 12].map((kg) => ({ agenteEstinguente: 'Polvere ABC', caricaKg: kg, capacitaEstinguente: kg >= 6 ? '34A 233B C' : '13A 89B C', pressurizzazione: 'Permanente' })),
  'EST-CO2': () => [2, 5].map((kg) => ({ agenteEstinguente: 'Anidride carbonica', caricaKg: kg, capacitaEstinguente: kg === 5 ? '113B' : '34B' })),
  'EST-SCH': () => [6, 9].map((l) => ({ agenteEstinguente: 'Schiuma AFFF', caricaLitri: l, capacitaEstinguente: l === 9 ? '34A 233B' : '27A 183B' })),
  'EST-CAR': () => [30, 50].map((kg) => ({ agenteEstinguente: 'Polvere ABC', caricaKg: kg, carrellato: true })),
  'IDR-45': () => [{ diametro: 'UNI 45', lunghezzaManichettaM: 20 }, { diametro: 'UNI 45', lunghezzaManichettaM: 25 }],
  'IDR-70': () => [{ diametro: 'UNI 70', bocche: 2 }, { diametro: 'UNI 70', bocche: 1 }],
  NASPO: () => [{ diametro: 'DN 25', lunghezzaTubazioneM: 20 }, { diametro: 'DN 25', lunghezzaTubazioneM: 30 }],
  PTF: () => [{ resistenzaAlFuoco: 'REI 60', ante: 1 }, { resistenzaAlFuoco: 'REI 120', ante: 2 }],
  'LUC-EM': () => [{ autonomiaOre: 1, permanente: false }, { autonomiaOre: 3, permanente: true }],
  'RIV-FUMO': () => [{ tecnologia: 'Ottico' }, { tecnologia: 'Termovelocimetrico' }],
  PULS: () => [{ tipo: 'A rottura vetro' }, { tipo: 'Riarmabile' }],
  'SPR-VAL': () => [{ tipo: 'A umido', diametro: 'DN 100' }, { tipo: 'A secco', diametro: 'DN 150' }],
  EFC: () => [{ superficieUtileMq: 1.2 }, { superficieUtileMq: 2.1 }],
};

const builders = ['Elevatech', 'Solleva Italia', 'Meccanica Emiliana', 'Airmec', 'Carrelli Padani', 'Tecnogru', 'Elevatori del Nord'];

export async function seedInstallationsAndEquipments(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const familyIndex = new Map(state.families.map((f, index) => [f.code, index]));
  const activityByCode = new Map(state.activities.map((a) => [a.code, a]));
  const activityById = new Map(state.activities.map((a) => [a.id, a]));
  const familyIndexes = (codes: string[]) => codes.map((c) => familyIndex.get(c) as number);

  // Customers who own equipment: those served by the fire or equipment modules; big ones own more.
  const owners = state.customers
    .map((customer, index) => ({ customer, index }))
    .filter(({ customer }) => customer.type !== 'potential' && customer.modules.some((m) => m === 'fire' || m === 'equip'));
  const ownerPicker = weightedPicker(ctx, owners.map(() => 1 + Math.floor(ctx.faker.number.float({ min: 0, max: 1 }) ** 3 * 40)));
  const demoOwners = state.demoCustomerIndexes;
  const pickOwner = (n: number, demoShare: number): number => {
    if (n < demoShare * 2) return demoOwners[n % 2] as number;
    return owners[ownerPicker()]!.index;
  };
  const moduleOf = (customer: CustomerInfo): 'fire' | 'equip' => {
    const fire = customer.modules.includes('fire');
    const equip = customer.modules.includes('equip');
    if (fire && equip) return chance(ctx, 0.7) ? 'fire' : 'equip';
    return fire ? 'fire' : 'equip';
  };
  const location = (customer: CustomerInfo, share: number) => (customer.officeLocationIds.length > 0 && chance(ctx, share) ? ctx.pick(customer.officeLocationIds) : null);

  // Installations.
  const installationCount = ctx.scaled(3000);
  const installationFamilies: number[][] = [];
  const installationItems: SeedItem[] = [];
  const physicalInstallationItems: SeedItem[] = [];
  const installationDeadlines: SeedItem[] = [];
  for (let n = 0; n < installationCount; n++) {
    const customerIndex = pickOwner(n, 4);
    const customer = state.customers[customerIndex] as CustomerInfo;
    const module = moduleOf(customer);
    const id = fastId(ctx);
    const locationId = location(customer, 0.5);
    let name: string;
    let type: InstallationType;
    let families: number[];
    let activityCode: string | undefined;
    if (module === 'fire') {
      const kind = fireInstallations[weighted(ctx, fireInstallationWeights)];
      name = ctx.pick(kind.names);
      type = kind.type;
      families = familyIndexes(kind.families);
      activityCode = kind.activity;
    } else {
      const kind = ctx.pick(equipInstallations);
      name = ctx.pick(kind.names);
      type = 'other';
      families = familyIndexes(kind.families);
    }
    const building = ctx.pick(['Edificio A', 'Edificio B', 'Capannone 1', 'Capannone 2', 'Palazzina uffici', 'Magazzino', 'Stabilimento']);
    const installationDate = ctx.day(-int(ctx, 90, 5000));
    const decommissioned = chance(ctx, 0.04);
    installationItems.push({
      id,
      createdDateTime: ctx.dateTime(-int(ctx, 1, 1400)),
      attributes: {
        code: code('IMP', n + 1, 6), name: `${name} – ${building}`, module, type, locationNote: `${building}${chance(ctx, 0.5) ? `, ${ctx.pick(['piano terra', 'primo piano', 'locale tecnico', 'interrato'])}` : ''}`,
        installationDate, state: decommissioned ? 'decommissioned' : 'active',
        description: chance(ctx, 0.3) ? 'Impianto realizzato secondo la regola dell’arte; documentazione tecnica disponibile presso il cliente.' : undefined,
      },
      relationships: { customerId: customer.id, customerLocationId: locationId },
    });
    const info: InstallationInfo = { id, customerIndex, module, locationId };
    state.installations.push(info);
    installationFamilies.push(families);
    customer.installationIndexes.push(n);
    if (!decommissioned && chance(ctx, 0.5)) {
      const start = ctx.day(-int(ctx, 30, 1000));
      physicalInstallationItems.push({
        attributes: { module, contractStartDate: start, contractEndDate: chance(ctx, 0.7) ? addDays(start, ctx.pick([365, 730, 1095])) : null, isActive: true },
        relationships: { customerId: customer.id, installationId: id },
      });
    }
    const activity = activityCode ? activityByCode.get(activityCode) : undefined;
    if (activity && !decommissioned) installationDeadlines.push(deadline(ctx, module, customer, activity, { installationId: id, name: installationItems.at(-1)!.attributes.name as string, locationId }));
  }
  await ctx.insert('installations', installationItems);
  await ctx.insert('physicalInstallations', physicalInstallationItems);

  // Equipments, in slices with their contracts and deadlines.
  const equipmentCount = ctx.scaled(20000);
  const table = state.equipments;
  const fireStandalone = familyIndexes(standaloneFire);
  const equipStandalone = familyIndexes(standaloneEquip);
  const characteristics = new Map(Object.entries(fireCharacteristics).map(([familyCode, make]) => [familyIndex.get(familyCode) as number, make()]));
  const activeInstallations = state.installations.map((_, index) => index).filter((index) => installationItems[index]!.attributes.state === 'active');
  const referenceYear = Number(ctx.referenceDay.slice(0, 4));
  let physicalEquipmentCount = 0;
  let physicalActivityCount = installationDeadlines.length;
  await ctx.insert('physicalActivities', installationDeadlines);
  const slice = 10_000;
  for (let start = 0; start < equipmentCount; start += slice) {
    const equipmentItems: SeedItem[] = [];
    const contractItems: SeedItem[] = [];
    const deadlineItems: SeedItem[] = [];
    for (let n = start; n < Math.min(equipmentCount, start + slice); n++) {
      let customerIndex: number;
      let installationIndex = -1;
      let family: number;
      let locationId: string | null;
      if (n >= 40 && activeInstallations.length > 0 && chance(ctx, 0.55)) {
        installationIndex = ctx.pick(activeInstallations);
        const installation = state.installations[installationIndex] as InstallationInfo;
        customerIndex = installation.customerIndex;
        family = ctx.pick(installationFamilies[installationIndex] as number[]);
        locationId = installation.locationId;
      } else {
        customerIndex = pickOwner(n, 20);
        const customer = state.customers[customerIndex] as CustomerInfo;
        family = ctx.pick(moduleOf(customer) === 'fire' ? fireStandalone : equipStandalone);
        locationId = location(customer, 0.5);
      }
      const customer = state.customers[customerIndex] as CustomerInfo;
      const familyInfo = state.families[family]!;
      const module = familyInfo.module;
      const id = fastId(ctx);
      const productionDate = ctx.day(-int(ctx, 60, 4000));
      const installationDate = minDay(addDays(productionDate, int(ctx, 5, 200)), ctx.referenceDay);
      const stateRoll = ctx.faker.number.int(99);
      const equipmentState = stateRoll < 88 ? 'active' : stateRoll < 94 ? 'decommissioned' : stateRoll < 97 ? 'provisional' : 'added';
      const decommissioned = equipmentState === 'decommissioned';
      const productId = familyInfo.productIds.length > 0 && chance(ctx, 0.7) ? ctx.pick(familyInfo.productIds) : null;
      const attributes: Record<string, unknown> = {
        equipmentId: code('ATT', n + 1, 7),
        module,
        state: equipmentState,
        medias: [],
        additionalData: {},
        customerLocationPosition: ctx.pick(positionsInside),
        serialNumber: `${familyInfo.code.replace(/-/g, '').slice(0, 3)}${productionDate.slice(2, 4)}${ctx.faker.string.numeric(6)}`,
        productionDate,
        installationDate,
        ownership: chance(ctx, 0.1) ? 'rental' : 'owned',
      };
      if (chance(ctx, 0.3)) attributes.customCode = `${customer.displayName.slice(0, 3).toUpperCase().replace(/[^A-Z]/g, 'X')}-${int(ctx, 1, 999)}`;
      if (chance(ctx, 0.05)) attributes.note = 'Presidio segnalato dal cliente come difficilmente raggiungibile.';
      if (customer.hasAdditionalFields) {
        attributes.additionalData = { reparto: ctx.pick(['Produzione', 'Magazzino', 'Uffici', 'Spedizioni']), cartello: ctx.pick(['Presente', 'Assente', 'Da sostituire']), accessibile: chance(ctx, 0.8), progressivo: n + 1 };
      }
      if (module === 'fire') {
        const options = characteristics.get(family);
        if (options) attributes.characteristics = ctx.pick(options);
      } else {
        const purchaseYear = Number(installationDate.slice(0, 4));
        Object.assign(attributes, {
          type: familyInfo.name,
          purchaseYear,
          decommissionedYear: decommissioned ? Math.min(referenceYear, purchaseYear + int(ctx, 1, 10)) : null,
          isIndustry4: chance(ctx, 0.2),
          isAsset: chance(ctx, 0.5),
          builder: ctx.pick(builders),
          model: `${familyInfo.code.replace(/-/g, '')} ${int(ctx, 100, 990)}`,
          inailNumber: /GRU|PLE|MONTACAR|REC/.test(familyInfo.code) ? `${customer.city.province}/${int(ctx, 10_000, 99_999)}/${purchaseYear}` : undefined,
          isCe: chance(ctx, 0.95),
          costCenter: `CC-${int(ctx, 100, 130)}`,
          hasMaintenanceContract: chance(ctx, 0.7),
          hasDocumentation: chance(ctx, 0.85),
        });
      }
      equipmentItems.push({
        id,
        createdDateTime: `${minDay(installationDate, addDays(ctx.referenceDay, -1))}T${String(int(ctx, 7, 18)).padStart(2, '0')}:00:00.000Z`,
        attributes,
        relationships: {
          customerId: customer.id, customerLocationId: locationId, installationId: installationIndex >= 0 ? state.installations[installationIndex]!.id : null,
          equipmentFamilyId: familyInfo.id, productId,
        },
      });
      const index = table.ids.length;
      table.ids.push(id);
      table.customerIndex.push(customerIndex);
      table.familyIndex.push(family);
      table.installationIndex.push(installationIndex);
      table.decommissioned.push(decommissioned);
      customer.equipmentIndexes.push(index);
      if (!decommissioned && chance(ctx, 0.25)) {
        const contractStart = minDay(addDays(installationDate, int(ctx, 0, 400)), ctx.referenceDay);
        contractItems.push({
          attributes: { module, contractStartDate: contractStart, contractEndDate: chance(ctx, 0.6) ? addDays(contractStart, ctx.pick([365, 730, 1095, 1825])) : null, isActive: chance(ctx, 0.95) },
          relationships: { customerId: customer.id, equipmentId: id },
        });
      }
      const rules = familyInfo.maintenanceRules ?? [];
      if (!decommissioned && rules.length > 0) {
        // The engine computes the deadlines, as the server does for a new equipment. The demo keeps its
        // dates around today: each rule that would be long overdue was last executed within one period
        // (plus some slack, so about one deadline in five is overdue).
        const agent = agentOf(attributes.characteristics as Record<string, unknown> | undefined);
        const lastExecutions = new Map<string, string>();
        for (const deadline of equipmentDeadlines({ productionDate, installationDate, basis: familyInfo.basis, agent, rules })) {
          if (!recurs(deadline.rule.kind) || deadline.deadlineDate >= addDays(ctx.referenceDay, -45)) continue;
          const last = addDays(ctx.referenceDay, -int(ctx, 0, Math.round(deadline.rule.months * 30.4) + 45));
          lastExecutions.set(deadline.key, last > installationDate ? last : installationDate);
        }
        for (const deadline of equipmentDeadlines({ productionDate, installationDate, basis: familyInfo.basis, agent, rules, lastExecutions })) {
          const activity = deadline.activityId ? activityById.get(deadline.activityId) : undefined;
          deadlineItems.push({
            attributes: { module, deadlineDate: deadline.deadlineDate, lastExecutionDate: deadline.lastExecutionDate, isExecuted: false, rule: deadline.rule, isEnded: false },
            relationships: { customerId: customer.id, activityId: deadline.activityId, equipmentId: id, installationId: null, equipmentFamilyId: familyInfo.id },
            extraMetadata: {
              customerName: customer.displayName, commercialZoneId: customer.commercialZoneId, targetName: attributes.equipmentId, ...(activity ? { activityName: activity.name } : {}),
              ...(locationId ? { customerLocationId: locationId } : {}),
            },
          });
        }
      } else if (!decommissioned && familyInfo.activityIds.length > 0) {
        // Mostly the routine check; now and then the longer revision or test.
        const activityId = chance(ctx, 0.75) ? (familyInfo.activityIds[0] as string) : ctx.pick(familyInfo.activityIds);
        const activity = activityById.get(activityId);
        if (activity) deadlineItems.push(deadline(ctx, module, customer, activity, { equipmentId: id, equipmentFamilyId: familyInfo.id, name: String(attributes.equipmentId), locationId }));
      }
    }
    await ctx.insert('equipments', equipmentItems);
    await ctx.insert('physicalEquipments', contractItems);
    await ctx.insert('physicalActivities', deadlineItems);
    physicalEquipmentCount += contractItems.length;
    physicalActivityCount += deadlineItems.length;
  }
  return {
    installations: installationItems.length, physicalInstallations: physicalInstallationItems.length, equipments: equipmentCount,
    physicalEquipments: physicalEquipmentCount, physicalActivities: physicalActivityCount,
  };
}

/** The next deadline of an activity: last done within one period (plus some slack), due one period later. */
function deadline(
  ctx: SeedContext,
  module: string,
  customer: CustomerInfo,
  activity: { id: string; name: string; frequency?: { value: number; unit: 'day' | 'week' | 'month' | 'year' } },
  target: { equipmentId?: string; installationId?: string; equipmentFamilyId?: string; name: string; locationId: string | null },
): SeedItem {
  const customerId = customer.id;
  const period = activity.frequency ? frequencyDays(activity.frequency) : 365;
  const last = ctx.day(-int(ctx, 0, Math.min(period, 730) + 60));
  const deadlineDate = addDays(last, period);
  const overdue = deadlineDate < ctx.referenceDay;
  return {
    attributes: {
      module, deadlineDate, lastExecutionDate: last, isExecuted: overdue && chance(ctx, 0.15), frequency: activity.frequency, isEnded: false,
    },
    relationships: { customerId, activityId: activity.id, equipmentId: target.equipmentId ?? null, installationId: target.installationId ?? null, equipmentFamilyId: target.equipmentFamilyId ?? null },
    // The names the worklist shows and searches, as the server keeps them.
    extraMetadata: {
      customerName: customer.displayName, commercialZoneId: customer.commercialZoneId, targetName: target.name, activityName: activity.name,
      ...(target.locationId ? { customerLocationId: target.locationId } : {}),
    },
  };
}
