/** Reminders of the staff: calls to make, quotations to chase, assignments to confirm. */
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { stateOf, type CustomerInfo } from './state.ts';
import { at, chance, int, weighted } from './util.ts';

const customerTitles = [
  'Richiamare il cliente', 'Inviare il preventivo aggiornato', 'Fissare un sopralluogo', 'Verificare il pagamento della fattura',
  'Proporre il rinnovo del contratto', 'Chiedere i dati dei nuovi dipendenti', 'Inviare gli attestati dei corsi', 'Sollecitare la firma del preventivo',
];
const recordTitles = {
  quotation: ['Sollecitare la risposta al preventivo', 'Verificare lo sconto con il responsabile', 'Ricontattare per il preventivo in scadenza'],
  assignment: ['Confermare la data dell’intervento', 'Inviare il rapporto di intervento', 'Verificare la disponibilità dei ricambi'],
};
const plainTitles = ['Preparare il calendario della settimana', 'Aggiornare il listino', 'Riunione commerciale del lunedì', 'Controllare le scadenze del mese', 'Ordinare i ricambi in esaurimento'];

export async function seedReminders(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const people = state.staff;
  const demo = people.filter((u) => u.isDemo);
  const customers = state.customers.filter((c) => !c.isArchived);
  const quotationIds = ctx.idsOf('quotations');
  const assignmentIds = ctx.idsOf('assignments');
  const items: SeedItem[] = [];
  const count = ctx.scaled(500, 10);
  for (let n = 0; n < count; n++) {
    // The demo users get a good share, so their reminder lists are not empty.
    const user = n < demo.length * 3 ? demo[n % demo.length]! : chance(ctx, 0.3) ? ctx.pick(demo) : ctx.pick(people);
    const offset = int(ctx, -30, 60);
    const about = weighted(ctx, { customer: 45, quotation: 25, assignment: 15, none: 15 });
    const customer: CustomerInfo | undefined = about === 'customer' ? ctx.pick(customers) : undefined;
    const entity = about === 'quotation' && quotationIds.length > 0 ? { entityType: 'quotations', entityId: ctx.pick(quotationIds) }
      : about === 'assignment' && assignmentIds.length > 0 ? { entityType: 'assignments', entityId: ctx.pick(assignmentIds) }
        : { entityType: null, entityId: null };
    const title = about === 'customer' ? ctx.pick(customerTitles) : about === 'none' ? ctx.pick(plainTitles) : ctx.pick(recordTitles[about]);
    items.push({
      createdDateTime: at(ctx.day(Math.min(offset, 0) - int(ctx, 1, 20)), 9),
      attributes: {
        title: customer ? `${title} – ${customer.displayName}` : title,
        note: chance(ctx, 0.4) ? 'Annotazione: verificare prima lo storico dei contatti.' : undefined,
        dateTime: at(ctx.day(offset), int(ctx, 8, 17), ctx.pick([0, 30])),
        isDone: offset < 0 && chance(ctx, 0.7),
        module: about === 'quotation' ? undefined : ctx.pick(['fire', 'equip', 'edu', undefined]),
      },
      relationships: { userId: user.id, customerId: customer?.id ?? null, ...entity },
    });
  }
  await ctx.insert('reminders', items);
  return { reminders: items.length };
}
