/**
 * The commercial area: quotations in every status with their products, totals and revisions;
 * commercial agreements; orders in every state, half of them from accepted quotations.
 */
import { documentTotals } from '../../../domain/rules/totals.ts';
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { stateOf, salesmen, type CustomerInfo, type OrderLink, type ProductInfo, type QuotationLine } from './state.ts';
import { addDays, at, chance, everyStateThenWeighted, fastId, int, minDay, roundTo, some } from './util.ts';
import { businessDay } from '../../../domain/business-day.ts';

const quotationWeights = {
  'to-be-created': 5, draft: 18, 'to-be-approved': 7, approved: 6, issued: 20, accepted: 24, 'not-accepted': 14, revision: 6,
} as const;
type QuotationStatus = keyof typeof quotationWeights;

const orderWeights = { new: 10, todo: 14, planned: 16, 'in-progress': 14, completed: 36, cancelled: 10 } as const;
type OrderState = keyof typeof orderWeights;

const validityDays = { '15d': 15, '30d': 30, '60d': 60, '3m': 91, '6m': 182, '1y': 365 } as const;

const titlesByModule: Record<string, string[]> = {
  fire: ['Manutenzione semestrale presidi antincendio', 'Fornitura estintori e cartellonistica', 'Adeguamento rete idranti', 'Sostituzione lampade di emergenza', 'Contratto di manutenzione impianti antincendio'],
  equip: ['Verifiche periodiche attrezzature di sollevamento', 'Manutenzione programmata carrelli elevatori', 'Fornitura transpallet elettrici', 'Ispezione scaffalature di magazzino'],
  edu: ['Formazione obbligatoria dei lavoratori', 'Corsi addetti antincendio e primo soccorso', 'Formazione carrellisti e PLE', 'Aggiornamento preposti e dirigenti'],
  doc: ['Aggiornamento del documento di valutazione dei rischi', 'Piano di emergenza ed evacuazione', 'Incarico RSPP esterno'],
  med: ['Sorveglianza sanitaria dei dipendenti', 'Nomina del medico competente e visite periodiche'],
};

/** The day quotations may be dated at the latest: the reference day, never after today (they cannot be written ahead). */
function latestQuotationDay(ctx: SeedContext): string {
  return minDay(ctx.referenceDay, businessDay());
}

function moduleFor(ctx: SeedContext, customer: CustomerInfo): string {
  const modules = customer.modules.filter((m) => m !== 'portal');
  return modules.length > 0 ? ctx.pick(modules) : 'fire';
}

/** Quantities as a real order has them: many extinguishers, one machine, some hours. */
function quantityFor(ctx: SeedContext, product: ProductInfo): number {
  if (product.unitOfMeasure === 'hourly') return int(ctx, 2, 16);
  if (product.unitOfMeasure === 'km') return int(ctx, 20, 240);
  if (product.unitOfMeasure === 'annual') return 1;
  if (product.listPrice > 5000) return 1;
  if (product.listPrice > 500) return int(ctx, 1, 4);
  return int(ctx, 1, 30);
}

function linesFor(ctx: SeedContext, productsByModule: Map<string, ProductInfo[]>, module: string, count: number, discount: [number, number]): QuotationLine[] {
  const own = productsByModule.get(module) ?? [];
  const pool = own.length >= count ? own : [...own, ...(productsByModule.get('fire') ?? [])];
  // Mostly services, parts and small goods; a machine now and then.
  const cheap = pool.filter((p) => p.listPrice <= 3000);
  const dear = pool.filter((p) => p.listPrice > 3000);
  const chosen = some(ctx, cheap.length >= count ? cheap : pool, count);
  if (dear.length > 0 && chance(ctx, 0.12)) chosen[0] = ctx.pick(dear);
  return chosen.map((product) => {
    // Half the lines give a discount on the line, the others a lower agreed price; both count against list.
    const percent = int(ctx, discount[0], discount[1]);
    const onLine = chance(ctx, 0.5);
    return {
      productId: product.id,
      description: product.name,
      quantity: quantityFor(ctx, product),
      unitPrice: onLine ? product.listPrice : roundTo(product.listPrice * (1 - percent / 100)),
      discountPercent: onLine ? percent : 0,
      activityIds: product.activityIds,
    };
  });
}

export async function seedQuotations(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const sellers = salesmen(state);
  const latest = latestQuotationDay(ctx);
  const productById = new Map(state.products.map((p) => [p.id, p]));
  const productsByModule = new Map<string, ProductInfo[]>();
  for (const product of state.products) {
    if (!product.module || product.listPrice <= 0) continue;
    productsByModule.set(product.module, [...(productsByModule.get(product.module) ?? []), product]);
  }
  const live = state.customers.map((c, index) => ({ c, index })).filter(({ c }) => !c.isArchived);
  const clients = live.filter(({ c }) => c.type !== 'potential');
  const generalPriceListId = state.priceListIds[0];

  // First every quotation's facts, then codes in date order (PRV-2026-00001 is the year's first).
  interface Draft {
    id: string; status: QuotationStatus; customerIndex: number; date: string; module: string; lines: QuotationLine[]; revisionNumber: number;
  }
  const count = ctx.scaled(3000, 8);
  const drafts: Draft[] = [];
  for (let n = 0; n < count; n++) {
    const status = everyStateThenWeighted(ctx, n, quotationWeights);
    const settled = status === 'accepted' || status === 'approved' || status === 'not-accepted';
    // The demo customers get a few of each, so their users see quotations too.
    const customerIndex = n < 16 ? state.demoCustomerIndexes[n % 2]! : ctx.pick(settled || chance(ctx, 0.7) ? clients : live).index;
    const customer = state.customers[customerIndex] as CustomerInfo;
    const daysAgo = {
      'to-be-created': int(ctx, 0, 20), draft: int(ctx, 0, 45), 'to-be-approved': int(ctx, 0, 20), approved: int(ctx, 0, 30), issued: int(ctx, 0, 60),
      accepted: int(ctx, 15, 720), 'not-accepted': int(ctx, 20, 720), revision: int(ctx, 10, 120),
    }[status];
    const needsApproval = status === 'to-be-approved' || status === 'approved' || (['issued', 'accepted'].includes(status) && chance(ctx, 0.08));
    const module = moduleFor(ctx, customer);
    drafts.push({
      id: fastId(ctx),
      status,
      customerIndex,
      date: minDay(ctx.day(-daysAgo), latest),
      module,
      lines: linesFor(ctx, productsByModule, module, int(ctx, 2, 6), needsApproval ? [22, 35] : [0, 15]),
      revisionNumber: status === 'revision' ? int(ctx, 1, 2) : ['issued', 'accepted', 'not-accepted'].includes(status) && chance(ctx, 0.1) ? 1 : 0,
    });
  }
  // Numbers follow the dates; a day's quotations keep the order they were drafted in (the sort is stable; ids are random).
  const byDate = [...drafts].sort((a, b) => a.date.localeCompare(b.date));
  const codes = new Map<string, string>();
  const perYear = new Map<string, number>();
  for (const draft of byDate) {
    const year = draft.date.slice(0, 4);
    const next = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, next);
    codes.set(draft.id, `PRV-${year}-${String(next).padStart(5, '0')}`);
  }

  // Signed copies of the accepted quotations (the accept transition requires one).
  const mediaItems: SeedItem[] = [];
  const signedMedia = new Map<string, string>();
  for (const draft of drafts) {
    if (draft.status !== 'accepted') continue;
    const mediaId = fastId(ctx);
    signedMedia.set(draft.id, mediaId);
    const customer = state.customers[draft.customerIndex] as CustomerInfo;
    mediaItems.push({
      id: mediaId,
      attributes: {
        nodeKind: 'media', type: 'document', name: `${codes.get(draft.id)} firmato.pdf`, mimeType: 'application/pdf', extension: 'pdf', meta: {},
        bytesCount: int(ctx, 120_000, 2_400_000), storedFileName: `${codes.get(draft.id)}-firmato.pdf`,
      },
      relationships: { customerId: customer.id, ownerType: 'quotations', ownerId: draft.id },
    });
  }
  await ctx.insert('media', mediaItems);

  let quotationItems: SeedItem[] = [];
  let lineItems: SeedItem[] = [];
  let revisionItems: SeedItem[] = [];
  const counts = { quotations: 0, quotationProducts: 0, quotationRevisions: 0 };
  const flush = async () => {
    await ctx.insert('quotations', quotationItems);
    await ctx.insert('quotationProducts', lineItems);
    await ctx.insert('quotationRevisions', revisionItems);
    counts.quotations += quotationItems.length;
    counts.quotationProducts += lineItems.length;
    counts.quotationRevisions += revisionItems.length;
    quotationItems = [];
    lineItems = [];
    revisionItems = [];
  };
  for (const draft of drafts) {
    const customer = state.customers[draft.customerIndex] as CustomerInfo;
    const code = codes.get(draft.id) as string;
    const validity = ctx.pick(['15d', '30d', '30d', '60d', '3m', '6m', '1y'] as const);
    const accepted = draft.status === 'accepted';
    const worksStart = accepted ? addDays(draft.date, int(ctx, 10, 60)) : null;
    const seller = customer.referentId && sellers.some((s) => s.id === customer.referentId) ? customer.referentId : ctx.pick(sellers).id;
    const costs = draft.lines.map((line) => productById.get(line.productId)?.costPrice ?? 0);
    const totals = documentTotals(draft.lines.map((line, i) => ({ ...line, listPrice: productById.get(line.productId)?.listPrice, costPrice: costs[i] })));
    const hasValidity = chance(ctx, 0.2);
    const attributes: Record<string, unknown> = {
      code,
      status: draft.status,
      module: draft.module,
      title: ctx.pick(titlesByModule[draft.module] ?? titlesByModule.fire!),
      date: draft.date,
      expiryDate: addDays(draft.date, validityDays[validity]),
      validity,
      worksStartDate: worksStart,
      worksCloseDate: worksStart ? addDays(worksStart, int(ctx, 1, 90)) : null,
      validityDateTimeStart: hasValidity ? at(draft.date, 0) : null,
      validityDateTimeEnd: hasValidity ? at(addDays(draft.date, 365), 23, 59) : null,
      planning: chance(ctx, 0.2) ? 'mandatory' : 'indicative',
      notes: chance(ctx, 0.3) ? 'Prezzi IVA esclusa. Trasporto e installazione compresi salvo diversa indicazione.' : undefined,
      commercialNotes: chance(ctx, 0.25) ? ctx.pick(['Cliente sensibile al prezzo: margine ridotto concordato.', 'Concorrente locale ha offerto il 10% in meno.', 'Possibile estensione ad altre sedi.']) : undefined,
      attachments: accepted ? [{ mediaId: signedMedia.get(draft.id), kind: 'signedQuotation', name: `${code} firmato.pdf` }] : [],
      revisionNumber: draft.revisionNumber,
      paymentMethod: customer.paymentTermId ? ctx.pick(['Bonifico bancario', 'Ricevuta bancaria', 'Rimessa diretta']) : undefined,
    };
    const relationships = {
      customerId: customer.id,
      officeLocationId: customer.officeLocationIds.length > 0 && chance(ctx, 0.2) ? ctx.pick(customer.officeLocationIds) : null,
      authorId: seller,
      commercialUserId: seller,
      paymentTermId: customer.paymentTermId ?? ctx.pick(state.paymentTermIds),
      invoicingMethodId: customer.invoicingMethodId,
      priceListId: chance(ctx, 0.6) ? generalPriceListId : null,
      supplierIds: [],
      commercialAgreementIds: [],
    };
    const extraMetadata = {
      totalListPrice: totals.listTotal, totalNetPrice: totals.netTotal, totalDiscount: totals.totalDiscount, discountPercent: totals.totalDiscountPercent,
      totalMargin: totals.margin, productsCount: draft.lines.length, customerName: customer.displayName, commercialZoneId: customer.commercialZoneId ?? null,
    };
    quotationItems.push({ id: draft.id, createdDateTime: at(draft.date, int(ctx, 8, 18), ctx.pick([0, 15, 30, 45])), attributes, relationships, extraMetadata });
    const frozenLines: Record<string, unknown>[] = [];
    draft.lines.forEach((line, position) => {
      const product = productById.get(line.productId);
      // A revision keeps the lines as they were (here: as they are now, the demo's earlier issues had the same lines).
      frozenLines.push({
        attributes: { kind: 'product', isOptional: false, position, description: line.description, quantity: line.quantity, unitOfMeasure: product?.unitOfMeasure ?? 'each', listPrice: product?.listPrice, unitPrice: line.unitPrice, discountPercent: line.discountPercent, costPrice: costs[position] },
        relationships: { productId: line.productId },
      });
      lineItems.push({
        attributes: {
          kind: 'product', isOptional: false, position, description: line.description, quantity: line.quantity, unitOfMeasure: product?.unitOfMeasure ?? 'each', listPrice: product?.listPrice,
          unitPrice: line.unitPrice, discountPercent: line.discountPercent, costPrice: costs[position],
        },
        relationships: { quotationId: draft.id, productId: line.productId, supplierId: product?.defaultSupplierId && chance(ctx, 0.2) ? product.defaultSupplierId : null },
      });
    });
    // Each earlier revision froze the quotation as it was issued.
    for (let r = 0; r < draft.revisionNumber; r++) {
      revisionItems.push({
        createdDateTime: at(addDays(draft.date, -(draft.revisionNumber - r) * 7), 10),
        attributes: {
          revisionNumber: r,
          reason: ctx.pick(['Il cliente ha chiesto di aggiungere altre sedi.', 'Revisione delle quantità dopo il sopralluogo.', 'Sconto rivisto su richiesta del cliente.', 'Cambio delle condizioni di pagamento.']),
          createdFromStatus: chance(ctx, 0.7) ? 'issued' : 'not-accepted',
          snapshot: { attributes: { ...attributes, status: 'issued', revisionNumber: r, attachments: [] }, metadata: extraMetadata, relationships, lines: frozenLines },
        },
        relationships: { quotationId: draft.id },
      });
    }
    if (accepted) state.quotations.push({ id: draft.id, customerIndex: draft.customerIndex, status: draft.status, date: draft.date, lines: draft.lines });
    if (quotationItems.length >= 5000) await flush();
  }
  await flush();

  const agreements = await seedCommercialAgreements(ctx);
  return { media: mediaItems.length, ...counts, commercialAgreements: agreements };
}

async function seedCommercialAgreements(ctx: SeedContext): Promise<number> {
  const state = stateOf(ctx);
  const acceptedByCustomer = new Map<number, string[]>();
  for (const q of state.quotations) acceptedByCustomer.set(q.customerIndex, [...(acceptedByCustomer.get(q.customerIndex) ?? []), q.id]);
  const clients = state.customers.map((c, index) => ({ c, index })).filter(({ c }) => c.type === 'active' && !c.isArchived);
  const activitiesByModule = new Map<string, typeof state.activities>();
  for (const activity of state.activities) activitiesByModule.set(activity.module, [...(activitiesByModule.get(activity.module) ?? []), activity]);
  const year = ctx.referenceDay.slice(0, 4);
  const items: SeedItem[] = [];
  const count = ctx.scaled(400, 2);
  for (let n = 0; n < count; n++) {
    const { c: customer, index } = n < 2 ? { c: state.customers[state.demoCustomerIndexes[n]!] as CustomerInfo, index: state.demoCustomerIndexes[n]! } : ctx.pick(clients);
    const module = moduleFor(ctx, customer);
    const activities = some(ctx, activitiesByModule.get(module) ?? state.activities, int(ctx, 1, 4));
    const serviceItems = activities.map((activity) => ({ activityId: activity.id, quantity: int(ctx, 1, 60), unitPrice: roundTo(activity.price * (1 - int(ctx, 0, 15) / 100)) }));
    const startDate = ctx.day(-int(ctx, 0, 900));
    const endDate = chance(ctx, 0.8) ? addDays(startDate, ctx.pick([365, 730, 1095])) : null;
    const quotations = acceptedByCustomer.get(index) ?? [];
    items.push({
      createdDateTime: at(startDate, 9),
      attributes: {
        code: `ACC-${year}-${String(n + 1).padStart(5, '0')}`,
        title: `Contratto di ${module === 'fire' ? 'manutenzione antincendio' : module === 'equip' ? 'manutenzione attrezzature' : module === 'edu' ? 'formazione' : module === 'med' ? 'sorveglianza sanitaria' : 'consulenza sicurezza'} – ${customer.displayName}`,
        module,
        startDate,
        endDate,
        frequency: activities[0]?.frequency,
        amount: roundTo(serviceItems.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0)),
        notes: chance(ctx, 0.3) ? 'Rinnovo tacito salvo disdetta da inviare tre mesi prima della scadenza.' : undefined,
        isActive: endDate === null || endDate >= ctx.referenceDay,
        serviceItems,
      },
      relationships: {
        customerId: customer.id,
        priceListId: chance(ctx, 0.3) ? state.priceListIds[0] : null,
        quotationId: quotations.length > 0 && chance(ctx, 0.6) ? ctx.pick(quotations) : null,
      },
    });
  }
  await ctx.insert('commercialAgreements', items);
  return items.length;
}

export async function seedOrders(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const productById = new Map(state.products.map((p) => [p.id, p]));
  const productsByModule = new Map<string, ProductInfo[]>();
  for (const product of state.products) {
    if (!product.module || product.listPrice <= 0) continue;
    productsByModule.set(product.module, [...(productsByModule.get(product.module) ?? []), product]);
  }
  const clients = state.customers.map((c, index) => ({ c, index })).filter(({ c }) => c.type === 'active' && !c.isArchived);
  const unusedQuotations = [...state.quotations];
  interface Draft { id: string; state: OrderState; customerIndex: number; date: string; quotationId: string | null; module: string; lines: QuotationLine[] }
  const drafts: Draft[] = [];
  const count = ctx.scaled(800, 6);
  for (let n = 0; n < count; n++) {
    const orderState = everyStateThenWeighted(ctx, n, orderWeights);
    const daysAgo = { new: int(ctx, 0, 20), todo: int(ctx, 0, 40), planned: int(ctx, 2, 60), 'in-progress': int(ctx, 10, 120), completed: int(ctx, 30, 700), cancelled: int(ctx, 5, 500) }[orderState];
    const fromQuotation = unusedQuotations.length > 0 && chance(ctx, 0.5) ? unusedQuotations.splice(int(ctx, 0, unusedQuotations.length - 1), 1)[0] : undefined;
    const customerIndex = fromQuotation?.customerIndex ?? (n < 12 ? state.demoCustomerIndexes[n % 2]! : ctx.pick(clients).index);
    const customer = state.customers[customerIndex] as CustomerInfo;
    const module = moduleFor(ctx, customer);
    const date = fromQuotation ? minDay(addDays(fromQuotation.date, int(ctx, 1, 30)), ctx.referenceDay) : ctx.day(-daysAgo);
    drafts.push({
      id: fastId(ctx), state: orderState, customerIndex, date, quotationId: fromQuotation?.id ?? null, module,
      lines: fromQuotation?.lines.length ? fromQuotation.lines : linesFor(ctx, productsByModule, module, int(ctx, 1, 5), [0, 12]),
    });
  }
  const numbers = new Map<string, string>();
  const perYear = new Map<string, number>();
  // By date, a day's orders in the order they were drafted (ids are random: they order nothing).
  for (const draft of [...drafts].sort((a, b) => a.date.localeCompare(b.date))) {
    const year = draft.date.slice(0, 4);
    const next = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, next);
    numbers.set(draft.id, `ORD-${year}-${String(next).padStart(5, '0')}`);
  }
  const items: SeedItem[] = drafts.map((draft) => {
    const customer = state.customers[draft.customerIndex] as CustomerInfo;
    const started = draft.state === 'in-progress' || draft.state === 'completed';
    const workStartDate = draft.state === 'planned' ? ctx.day(int(ctx, 3, 45)) : started ? minDay(addDays(draft.date, int(ctx, 3, 30)), ctx.day(-1)) : null;
    const workEndDate = draft.state === 'completed' ? minDay(addDays(workStartDate as string, int(ctx, 0, 20)), ctx.referenceDay) : draft.state === 'planned' ? addDays(workStartDate as string, int(ctx, 1, 10)) : null;
    const officeLocationId = customer.officeLocationIds.length > 0 && chance(ctx, 0.25) ? ctx.pick(customer.officeLocationIds) : null;
    const lines = draft.lines.map((line) => ({
      productId: line.productId,
      description: line.description,
      quantity: line.quantity,
      deliveredQuantity: draft.state === 'completed' ? line.quantity : draft.state === 'in-progress' ? Math.floor(line.quantity * ctx.faker.number.float({ min: 0, max: 1 })) : 0,
      unitPrice: line.unitPrice,
      discountPercent: line.discountPercent,
      activityIds: line.activityIds,
    }));
    const assignmentIds: string[] = [];
    if (draft.state === 'planned' || draft.state === 'in-progress' || draft.state === 'completed') {
      const assignmentId = fastId(ctx);
      assignmentIds.push(assignmentId);
      const link: OrderLink = {
        orderId: draft.id, assignmentId, customerIndex: draft.customerIndex, officeLocationId, state: draft.state, module: draft.module,
        activityIds: [...new Set(lines.flatMap((l) => l.activityIds))], workStartDate: workStartDate as string,
      };
      state.orderLinks.push(link);
    }
    const services = lines.filter((l) => productById.get(l.productId)?.type === 'service').map((l) => l.productId);
    return {
      id: draft.id,
      createdDateTime: at(draft.date, int(ctx, 8, 18)),
      attributes: {
        orderNumber: numbers.get(draft.id),
        orderDate: draft.date,
        workStartDate,
        workEndDate,
        completionDate: draft.state === 'completed' ? workEndDate : null,
        state: draft.state,
        module: draft.module,
        notes: chance(ctx, 0.25) ? ctx.pick(['Consegna al magazzino, orario 8–12.', 'Contattare il referente il giorno prima.', 'Lavori da eseguire nel fine settimana.']) : undefined,
        lines,
      },
      relationships: { customerId: customer.id, officeLocationId, quotationId: draft.quotationId, selectedServiceIds: [...new Set(services)], assignmentIds },
      extraMetadata: { customerName: customer.displayName },
    };
  });
  await ctx.insert('orders', items);
  return { orders: items.length };
}
