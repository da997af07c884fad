/**
 * Customers: companies (valid partita IVA) and persons (valid codice fiscale) across Italy, with
 * referents, marketing contacts, commercial offers and office locations.
 */
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { uniqueVatNumber } from './codes.ts';
import { seedCustomerMedia } from './documents.ts';
import {
  brandEnds, brandStems, cities, commercialZoneDefinitions, legalForms, referentRoles, sectorNames, sectorPrefixes, streets, type City,
} from './italian-data.ts';
import { firstName, lastName, pickCity, uniquePerson } from './people.ts';
import { stateOf, type CustomerInfo } from './state.ts';
import { addDays, at, chance, fastId, int, landline, mobile, personSlug, slug, weighted } from './util.ts';

const contactNotes = [
  'Chiamata al referente, richiesto un preventivo per la manutenzione semestrale.',
  'Inviata brochure dei servizi di formazione.',
  'Incontro presso la sede del cliente: interessati al rinnovo del contratto.',
  'Il cliente valuterà l’offerta a fine trimestre.',
  'Non interessati al momento, richiamare il prossimo anno.',
  'Richiesta di sopralluogo per nuovi presidi antincendio.',
  'Inviata offerta per la sorveglianza sanitaria.',
  'Segnalato da un cliente già servito.',
];

function businessName(ctx: SeedContext): string {
  const form = weighted(ctx, legalForms);
  const pattern = int(ctx, 0, 5);
  const surname = lastName(ctx);
  switch (pattern) {
    case 0:
      return `${surname} ${ctx.pick(sectorNames)} ${form}`;
    case 1:
      return `${ctx.pick(sectorPrefixes)} ${surname} ${form}`;
    case 2:
      return `${surname} & ${lastName(ctx)} ${form === 'Spa' ? 'Snc' : form}`;
    case 3:
      return `${ctx.pick(brandStems)}${ctx.pick(brandEnds)} ${form}`;
    case 4:
      return `${surname} ${firstName(ctx, 'male')} & C. ${ctx.pick(['Snc', 'Sas'])}`;
    default:
      return `${ctx.pick(brandStems)}${ctx.pick(brandEnds)} ${ctx.pick(sectorNames)} ${form}`;
  }
}

/** An address in a city, as the registry and the address objects hold it. */
function addressIn(ctx: SeedContext, city: City) {
  const road = ctx.pick(streets);
  const houseNumber = String(int(ctx, 1, 180));
  // Places are spread a little around the city centre, so maps do not stack every pin.
  const latitude = Math.round((city.latitude + ctx.faker.number.float({ min: -0.04, max: 0.04 })) * 1e6) / 1e6;
  const longitude = Math.round((city.longitude + ctx.faker.number.float({ min: -0.05, max: 0.05 })) * 1e6) / 1e6;
  return {
    road, houseNumber, city,
    object: {
      address: `${road} ${houseNumber}`, road, houseNumber, zipCode: city.zipCode, city: city.name, province: city.province,
      completeAddress: `${road} ${houseNumber}, ${city.zipCode} ${city.name} (${city.province})`, erpCountryCode: 86, latitude, longitude,
    },
  };
}

/** A city of the same sales area (office locations are usually near their company). */
function cityNear(ctx: SeedContext, city: City): City {
  const zone = commercialZoneDefinitions.find((z) => z.provinces.includes(city.province));
  const near = cities.filter((c) => zone?.provinces.includes(c.province) && c.name !== city.name);
  return near.length > 0 && chance(ctx, 0.75) ? ctx.pick(near) : pickCity(ctx);
}

/** Companies buy every kind of service; private persons mostly fire safety for their home or shop. */
function modulesFor(ctx: SeedContext, isPerson: boolean): string[] {
  const odds = isPerson
    ? { portal: 0.1, fire: 0.8, equip: 0.1, edu: 0.2, doc: 0.15, med: 0.15 }
    : { portal: 0.25, fire: 0.65, equip: 0.4, edu: 0.45, doc: 0.3, med: 0.3 };
  const modules = (['portal', 'fire', 'equip', 'edu', 'doc', 'med'] as const).filter((m) => chance(ctx, odds[m]));
  return modules.length > 0 ? modules : ['fire'];
}

const field = { options: [] as string[], switch: false, multiple: false, isIncludedInReport: false };
const additionalFields = [
  { ...field, type: 'text', label: 'Reparto', name: 'reparto', hintLabel: 'Reparto o area dello stabilimento', isIncludedInReport: true, reportColumnOrder: 1 },
  { ...field, type: 'combobox', label: 'Cartello di segnalazione', name: 'cartello', options: ['Presente', 'Assente', 'Da sostituire'], isIncludedInReport: true, reportColumnOrder: 2 },
  { ...field, type: 'checkbox', label: 'Accessibile senza scala', name: 'accessibile', switch: true },
  { ...field, type: 'number', label: 'Numero progressivo interno', name: 'progressivo' },
];

/** What an office location has of its own; the rest (offer, contacts, classifications) is its company's. */
const locationDefaults = {
  additionalInformations: { classifications: {}, referents: [], marketingContacts: [], emailsForCertificates: [], emailsForInterventionReports: [], attachments: [] },
  origin: 'siv', commercialOfferType: 'discount', commercialPercentage: 0, contacts: [],
};

export async function seedCustomers(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const count = ctx.scaled(2000, 2);
  const vatTaken = new Set<string>();
  const fiscalTaken = new Set<string>();
  const groupIds = ctx.idsOf('customerGroups');
  const origins = ['Fiera Sicurezza 2025', 'Campagna e-mail primavera', 'Sito web – modulo contatti', 'Segnalazione di un cliente', 'Telemarketing'];
  let heads: SeedItem[] = [];
  let locations: SeedItem[] = [];
  const mediaTreeIds: string[] = [];
  const counts = { customers: 0, officeLocations: 0 };
  // Written in slices, so a hundred thousand customers never sit in memory at once.
  const flush = async () => {
    await ctx.insert('customers', heads);
    await ctx.insert('customers', locations);
    counts.customers += heads.length;
    counts.officeLocations += locations.length;
    heads = [];
    locations = [];
  };

  for (let i = 0; i < count; i++) {
    const isDemo = i < 2;
    const isPerson = !isDemo && chance(ctx, 0.3);
    const city = isDemo ? (cities[i === 0 ? 0 : 12] as City) : pickCity(ctx);
    const type = isDemo ? 'active' : weighted(ctx, { potential: 30, active: 55, inactive: 15 } as const);
    const isArchived = !isDemo && chance(ctx, 0.1);
    const place = addressIn(ctx, city);
    const id = fastId(ctx);
    const zoneId = state.zoneIdsByProvince.get(city.province) as string;
    const referentId = ctx.pick(state.zoneSalesmen.get(zoneId) ?? [state.adminId]);
    const referentName = state.staff.find((u) => u.id === referentId)?.displayName;
    const modules = isDemo ? ['portal', 'fire', 'equip', 'edu', 'doc', 'med'] : modulesFor(ctx, isPerson);
    const createdDaysAgo = isDemo ? 1200 : int(ctx, 1, 1500);

    let registry: Record<string, unknown>;
    let displayName: string;
    let emailDomain: string;
    let legalRepresentative: Record<string, unknown> | undefined;
    if (isPerson) {
      const who = uniquePerson(ctx, fiscalTaken, 22, 80);
      displayName = `${who.lastName} ${who.firstName}`;
      emailDomain = ctx.pick(['gmail.com', 'libero.it', 'email.it', 'tiscali.it', 'outlook.it']);
      const hasVat = chance(ctx, 0.3);
      registry = {
        isPerson: true, firstName: who.firstName, lastName: who.lastName, gender: who.gender, birthDate: who.birthDate,
        birthCity: who.birthCity.name, birthProvince: who.birthCity.province, fiscalCode: who.fiscalCode,
        vatNumber: hasVat ? uniqueVatNumber(ctx, vatTaken) : undefined,
        email: `${personSlug(who.firstName, who.lastName)}${int(ctx, 1, 99)}@${emailDomain}`,
        mobilePhoneNumber: mobile(ctx),
        phoneNumber: chance(ctx, 0.3) ? landline(ctx, city.areaCode) : undefined,
        isElectronicInvoiceEnabled: hasVat,
      };
    } else {
      const name = isDemo ? (i === 0 ? 'Officine Meccaniche Lombarde Srl' : 'Logistica Bresciana Spa') : businessName(ctx);
      displayName = name;
      const vat = uniqueVatNumber(ctx, vatTaken);
      fiscalTaken.add(vat);
      emailDomain = `${slug(name).slice(0, 30)}.it`;
      const representative = uniquePerson(ctx, fiscalTaken, 30, 75);
      legalRepresentative = { firstName: representative.firstName, lastName: representative.lastName, fiscalCode: representative.fiscalCode };
      registry = {
        isPerson: false, businessName: name, vatNumber: vat, fiscalCode: vat, gender: 'male',
        alias: chance(ctx, 0.2) ? name.split(' ')[0] : undefined,
        email: `info@${emailDomain}`,
        emailPec: chance(ctx, 0.85) ? `${slug(name).slice(0, 30)}@pec.it` : undefined,
        website: chance(ctx, 0.6) ? `https://www.${emailDomain}` : undefined,
        phoneNumber: landline(ctx, city.areaCode),
        secondaryPhoneNumber: chance(ctx, 0.2) ? landline(ctx, city.areaCode) : undefined,
        isElectronicInvoiceEnabled: true,
      };
    }
    const hasOffer = isDemo || chance(ctx, 0.2);
    const offerStart = hasOffer ? ctx.day(-int(ctx, 0, 400)) : null;
    const contactCount = isDemo ? 3 : Number(weighted(ctx, { 0: 35, 1: 25, 2: 20, 3: 12, 4: 8 }));
    const contacts = Array.from({ length: contactCount }, () => ({
      dateTime: at(ctx.day(-int(ctx, 1, Math.min(createdDaysAgo, 720))), int(ctx, 8, 17), ctx.pick([0, 15, 30, 45])),
      type: ctx.pick(['email', 'phone', 'direct'] as const),
      kind: chance(ctx, 0.7) ? 'contact' : 'offer',
      lastReply: chance(ctx, 0.85) ? ctx.pick(['interested', 'notInterested', 'toCall', 'toSee'] as const) : undefined,
      notes: chance(ctx, 0.7) ? ctx.pick(contactNotes) : undefined,
    })).sort((a, b) => a.dateTime.localeCompare(b.dateTime));
    const referents = Array.from({ length: isPerson ? 0 : int(ctx, isDemo ? 2 : 0, 3) }, () => {
      const gender = chance(ctx, 0.5) ? 'male' : 'female';
      const first = firstName(ctx, gender);
      const last = lastName(ctx);
      return {
        firstName: first, lastName: last, role: ctx.pick(referentRoles), email: `${personSlug(first, last)}@${emailDomain}`,
        phoneNumber: chance(ctx, 0.6) ? mobile(ctx) : landline(ctx, city.areaCode),
        notes: chance(ctx, 0.15) ? 'Preferisce essere contattato al mattino.' : undefined,
      };
    });
    const marketingContacts = referents.slice(0, int(ctx, 0, 2)).map((r) => ({ completeName: `${r.firstName} ${r.lastName}`, email: r.email }));
    const hasAdditionalFields = isDemo || (!isPerson && chance(ctx, 0.03));
    const hasMediaTree = isDemo || (!isPerson && type === 'active' && chance(ctx, 0.05));
    if (hasMediaTree) mediaTreeIds.push(id);
    const paymentTermId = chance(ctx, 0.85) ? ctx.pick(state.paymentTermIds) : null;
    const invoicingMethodId = chance(ctx, 0.5) ? ctx.pick(state.invoicingMethodIds) : null;
    const erpCode = type === 'potential' ? undefined : `C${String(100_000 + i).padStart(6, '0')}`;
    const zoneCode = commercialZoneDefinitions.find((z) => z.provinces.includes(city.province))?.code;
    const earlier = state.customers.length > 10 ? state.customers[int(ctx, 0, state.customers.length - 1)] : undefined;

    const createdDateTime = ctx.dateTime(-createdDaysAgo, int(ctx, 8, 17));
    heads.push({
      id,
      createdDateTime,
      isArchived,
      attributes: {
        allowedModules: modules,
        registry: {
          ...registry,
          zipCode: city.zipCode, city: city.name, province: city.province, address: place.object.address, street: place.road, streetNumber: place.houseNumber,
          erpCode, isValid: true, erpCountryCode: 86, gender: 'male',
          addresses: !isPerson && chance(ctx, 0.15) ? [{ ...addressIn(ctx, city).object, businessName: 'Magazzino merci', careOf: 'Ufficio spedizioni' }] : [],
        },
        additionalInformations: {
          classifications: {
            asr: chance(ctx, 0.7) ? ctx.pick(['high', 'medium', 'low'] as const) : undefined,
            firePrevention: chance(ctx, 0.7) ? ctx.pick(['high', 'medium', 'low'] as const) : undefined,
            ps: chance(ctx, 0.6) ? ctx.pick(['a', 'bc'] as const) : undefined,
          },
          legalRepresentative,
          rspp: !isPerson ? { isManaged: chance(ctx, 0.35), rsppCompleteName: chance(ctx, 0.5) ? `Ing. ${firstName(ctx, 'male')} ${lastName(ctx)}` : undefined } : undefined,
          medicine: !isPerson && chance(ctx, 0.5) ? { isManaged: chance(ctx, 0.4), doctorCompleteName: `Dott. ${firstName(ctx, 'female')} ${lastName(ctx)}` } : undefined,
          referents,
          marketingContacts,
          emailsForCertificates: !isPerson && chance(ctx, 0.4) ? [`formazione@${emailDomain}`] : [],
          emailsForInterventionReports: !isPerson && chance(ctx, 0.4) ? [`manutenzione@${emailDomain}`] : [],
          attachments: [],
        },
        origin: chance(ctx, type === 'potential' ? 0.6 : 0.2) ? 'marketing' : 'siv',
        originDetail: chance(ctx, 0.3) ? ctx.pick(origins) : undefined,
        commercialOfferType: hasOffer && chance(ctx, 0.15) ? 'surcharge' : 'discount',
        commercialPercentage: hasOffer ? ctx.faker.number.int({ min: 6, max: 50 }) / 2 : 0,
        validityDateTimeStart: offerStart ? at(offerStart, 0) : null,
        validityDateTimeEnd: offerStart ? at(addDays(offerStart, int(ctx, 180, 730)), 23, 59) : null,
        sdiCode: isPerson ? '0000000' : ctx.faker.string.alphanumeric({ length: 7, casing: 'upper' }),
        rating: chance(ctx, 0.6) ? int(ctx, 1, 5) : undefined,
        registeredOffice: isPerson ? undefined : { ...place.object, businessName: displayName },
        contacts,
      },
      metadata: {
        type,
        erpCode,
        erpPaymentTermCode: paymentTermId ? state.paymentTermCodes.get(paymentTermId) : undefined,
        commercialZoneCode: zoneCode,
        referentName,
        dateTime: createdDateTime,
        additionalPEFields: hasAdditionalFields ? additionalFields : [],
        featureFlags: { hasAdditionalFields, hasMediaTree },
      },
      relationships: {
        customerGroupId: !isPerson && chance(ctx, 0.2) ? ctx.pick(groupIds) : null,
        referentId,
        commercialZoneId: zoneId,
        paymentTermId,
        invoicingMethodId,
        billingCustomerId: earlier && !isPerson && chance(ctx, 0.03) ? earlier.id : null,
        endCustomersIds: [],
        additionalFieldsLength: hasAdditionalFields ? additionalFields.length : 0,
      },
    });

    const info: CustomerInfo = {
      id, displayName, emailDomain, isPerson, type, isArchived, city, modules, commercialZoneId: zoneId, referentId, paymentTermId, invoicingMethodId,
      officeLocationIds: [], hasAdditionalFields, employeeIds: [], equipmentIndexes: [], installationIndexes: [],
    };
    state.customers.push(info);

    const locationCount = isDemo ? 2 - i : !isPerson && chance(ctx, 0.3) ? int(ctx, 1, 3) : 0;
    for (let n = 0; n < locationCount; n++) {
      const locationCity = cityNear(ctx, city);
      const where = addressIn(ctx, locationCity);
      const kind = ctx.pick(['Sede di', 'Stabilimento di', 'Magazzino di', 'Filiale di', 'Punto vendita di']);
      const locationId = fastId(ctx);
      info.officeLocationIds.push(locationId);
      const locationCreated = ctx.dateTime(-int(ctx, 1, createdDaysAgo), int(ctx, 8, 17));
      locations.push({
        id: locationId,
        createdDateTime: locationCreated,
        attributes: {
          ...locationDefaults,
          allowedModules: [],
          parentId: id,
          registry: {
            isPerson: false, businessName: `${displayName} – ${kind} ${locationCity.name}`, vatNumber: registry.vatNumber, fiscalCode: registry.fiscalCode,
            isValid: true, isElectronicInvoiceEnabled: true, gender: 'male', addresses: [], erpCountryCode: 86,
            zipCode: locationCity.zipCode, city: locationCity.name, province: locationCity.province, address: where.object.address,
            street: where.road, streetNumber: where.houseNumber, phoneNumber: landline(ctx, locationCity.areaCode), email: `${slug(locationCity.name)}@${emailDomain}`,
          },
          registeredOffice: { ...where.object, businessName: `${kind} ${locationCity.name}` },
        },
        metadata: { type: 'officeLocation', dateTime: locationCreated, additionalPEFields: [], featureFlags: { hasAdditionalFields: false, hasMediaTree: false }, commercialZoneCode: commercialZoneDefinitions.find((z) => z.provinces.includes(locationCity.province))?.code },
        relationships: { commercialZoneId: state.zoneIdsByProvince.get(locationCity.province) ?? zoneId, referentId, endCustomersIds: [], additionalFieldsLength: 0 },
      });
    }
    if (heads.length >= 5000) await flush();
  }
  await flush();
  const media = await seedCustomerMedia(ctx, mediaTreeIds);
  return { ...counts, media };
}
