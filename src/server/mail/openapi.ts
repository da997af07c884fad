/** The OpenAPI description of the administrator's outbox (routes.ts), added to the document by src/server/openapi/document.ts. */
import type { JsonSchema } from '../openapi/json-schema.ts';

type Helpers = { json: (schema: JsonSchema) => unknown; problems: (...statuses: number[]) => Record<string, unknown>; ref: (name: string) => JsonSchema; listParameters: readonly unknown[] };

export function mailOutboxPaths({ json, problems, ref, listParameters }: Helpers): Record<string, JsonSchema> {
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
  const adminsOnly = 'Solo gli amministratori (`read` su `mail message`); gli altri ricevono 403 `FORBIDDEN`.';
  return {
    '/api/mail/outbox': {
      get: {
        operationId: 'mailOutboxList', summary: 'Posta in uscita', tags: ['mail'],
        description: `I messaggi e-mail inviati (o tentati) dal server, dal più recente: destinatari, oggetto, invio (server SMTP o file .eml nella cartella outbox) ed esito. Stessi parametri di \`GET /api/mailMessages\`. ${adminsOnly}`,
        parameters: listParameters,
        responses: {
          200: { description: 'Una pagina.', content: json({ type: 'object', properties: { data: { type: 'array', items: ref('MailMessage') }, meta: ref('ListMeta') }, required: ['data', 'meta'] }) },
          ...problems(400, 401, 403, 503),
        },
      },
    },
    '/api/mail/outbox/{id}': {
      get: {
        operationId: 'mailOutboxGet', summary: 'Un messaggio della posta in uscita', tags: ['mail'],
        description: `Il messaggio con le intestazioni (mittente, destinatari, oggetto, Message-ID, data), il testo e l’HTML, gli allegati. \`meta.emlUrl\`: il messaggio RFC 822 da scaricare, quando è stato scritto nella cartella outbox (null se consegnato al server SMTP). ${adminsOnly}`,
        parameters: [id],
        responses: {
          200: {
            description: 'Il messaggio.',
            content: json({
              type: 'object',
              properties: { data: ref('MailMessage'), meta: { type: 'object', properties: { emlUrl: { type: ['string', 'null'] } }, required: ['emlUrl'] } },
              required: ['data', 'meta'],
            }),
          },
          ...problems(401, 403, 404, 503),
        },
      },
    },
    '/api/mail/outbox/{id}/eml': {
      get: {
        operationId: 'mailOutboxEml', summary: 'Il messaggio RFC 822 (.eml)', tags: ['mail'],
        description: `Il messaggio così come è stato scritto nella cartella outbox (senza SMTP_URL). 404 se non è conservato. ${adminsOnly}`,
        parameters: [id],
        responses: { 200: { description: 'Il file .eml.', content: { 'message/rfc822': { schema: { type: 'string' } } } }, ...problems(401, 403, 404, 503) },
      },
    },
  };
}
