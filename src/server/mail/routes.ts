/**
 * The administrator's outbox (issue 26 §8): `GET /api/mail/outbox` lists the messages the server sent
 * or tried to send, newest first, paged like every list; `GET /api/mail/outbox/{id}` answers one with
 * its headers and bodies; `GET /api/mail/outbox/{id}/eml` the raw RFC 822 message when it was written
 * to the outbox folder. The rows are the `mailMessages` kind's, read through the record layer as the
 * caller: the ability is checked first (administrators only), then the read rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mailMessages } from '../../domain/entities/mail-messages.ts';
import { Problem } from '../http/problems.ts';
import type { CallContext, EntityService } from '../resources/service.ts';
import type { Mailer } from './mailer.ts';

const TYPE = mailMessages.type;
const refused = () => new Problem('FORBIDDEN', { message: 'Solo un amministratore legge la posta in uscita' });

export interface MailRouteOptions {
  service: EntityService;
  mailer: Mailer;
}

/** The address of a message's raw `.eml`, when it was kept. */
export const emlUrlOf = (id: string, emlFile: unknown) => (typeof emlFile === 'string' && emlFile !== '' ? `/api/mail/outbox/${id}/eml` : null);

export function registerMailRoutes(app: FastifyInstance, options: MailRouteOptions, callOf: (request: FastifyRequest) => CallContext): void {
  // Read at each request (the options may be completed after the routes are registered).
  const readable = (call: CallContext) => {
    if (!call.access.can('read', options.service.kind(TYPE))) throw refused();
    return call;
  };
  const idOf = (id: string) => {
    if (!z.uuid().safeParse(id).success) throw new Problem('NOT_FOUND', { message: 'Messaggio non trovato' });
    return id;
  };

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>('/api/mail/outbox', async (request) => {
    const call = readable(callOf(request));
    // Newest first unless the caller asks another order.
    return options.service.list(TYPE, { sort: '-sentDateTime', ...request.query }, call);
  });

  app.get<{ Params: { id: string } }>('/api/mail/outbox/:id', async (request) => {
    const call = readable(callOf(request));
    const message = await options.service.get(TYPE, idOf(request.params.id), call);
    return { data: message, meta: { emlUrl: emlUrlOf(message.id, message.attributes.emlFile) } };
  });

  app.get<{ Params: { id: string } }>('/api/mail/outbox/:id/eml', async (request, reply) => {
    const call = readable(callOf(request));
    const message = await options.service.get(TYPE, idOf(request.params.id), call);
    const emlFile = message.attributes.emlFile;
    const raw = typeof emlFile === 'string' ? await options.mailer.readEml(emlFile) : undefined;
    if (!raw) throw new Problem('ROUTE_NOT_FOUND', { message: 'Il file .eml di questo messaggio non è conservato: è stato consegnato al server SMTP, oppure la cartella outbox è stata svuotata' });
    return reply
      .type('message/rfc822')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Disposition', `attachment; filename="messaggio-${message.id}.eml"`)
      .send(raw);
  });
}
