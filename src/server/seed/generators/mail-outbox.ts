/**
 * A few messages in the mail outbox (issue 26 §8), so the administrator's «Posta in uscita» shows what
 * it records: a visit confirmed and deadlines due, sent to the first demo customer's user, and one
 * that the mail server did not take. Stored as sent through SMTP (the demo keeps no `.eml` files).
 * Fixed content, no faker draw (the step comes after the others' content).
 */
import { htmlOfText } from '../../mail/mailer.ts';
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { DEMO_DOMAIN, DEMO_USERS } from './demo-users.ts';
import { stateOf } from './state.ts';

export async function seedMailOutbox(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const demo = DEMO_USERS.find((user) => user.userType === 'customer' && (user.demoCustomer ?? 0) === 0);
  const customer = state.customers[state.demoCustomerIndexes[0] ?? -1];
  const to = demo?.email ?? `cliente1@${DEMO_DOMAIN}`;
  const name = customer?.displayName ?? 'Cliente';
  const sender = `Servizi di sicurezza <noreply@${DEMO_DOMAIN}>`;
  const messages: { subject: string; text: string; recipients: string[]; day: number; error?: string }[] = [
    {
      subject: 'Visita confermata',
      text: `Gentile ${demo?.displayName ?? 'cliente'},\n\nla visita di manutenzione antincendio per ${name} è confermata per ${ctx.day(3).split('-').reverse().join('/')} alle 8:30.\n\nCordiali saluti,\nServizi di sicurezza`,
      recipients: [to],
      day: -2,
    },
    {
      subject: 'Scadenze entro 30 giorni',
      text: `Gentile ${demo?.displayName ?? 'cliente'},\n\nalcuni presidi antincendio di ${name} scadono nei prossimi 30 giorni: li trova nel portale, con la norma di ogni scadenza.\n\nCordiali saluti,\nServizi di sicurezza`,
      recipients: [to],
      day: -1,
    },
    {
      subject: 'Visita confermata',
      text: `Gentile cliente,\n\nla visita di manutenzione è confermata per ${ctx.day(5).split('-').reverse().join('/')} alle 9:00.\n\nCordiali saluti,\nServizi di sicurezza`,
      recipients: [`amministrazione@${customer?.emailDomain ?? 'example.it'}`],
      day: -1,
      error: '550 5.1.1 Casella di posta inesistente',
    },
  ];
  const items: SeedItem[] = messages.map((message, index) => {
    const sentDateTime = new Date(Date.parse(`${ctx.day(message.day)}T07:40:00.000Z`) + index * 60_000).toISOString();
    return {
      createdDateTime: sentDateTime,
      attributes: {
        recipients: message.recipients,
        sender,
        subject: message.subject,
        textBody: message.text,
        htmlBody: htmlOfText(message.text),
        attachments: [],
        messageId: `<demo-${index + 1}@${DEMO_DOMAIN}>`,
        transport: 'smtp',
        outcome: message.error ? 'mailNotSent' : 'mailSent',
        ...(message.error ? { errorMessage: message.error } : {}),
        sentDateTime,
      },
      relationships: {},
    };
  });
  await ctx.insert('mailMessages', items);
  return { 'messaggi nella posta in uscita': items.length };
}
