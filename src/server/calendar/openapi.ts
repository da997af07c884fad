/** The OpenAPI description of the private calendar feed (feed.ts), added to the document by src/server/openapi/document.ts. */
import type { JsonSchema } from '../openapi/json-schema.ts';

type Helpers = { json: (schema: JsonSchema) => unknown; problems: (...statuses: number[]) => Record<string, unknown> };

export function calendarFeedPaths({ json, problems }: Helpers): Record<string, JsonSchema> {
  const state = (withUrl: boolean) => ({
    type: 'object',
    properties: {
      data: {
        type: 'object',
        properties: {
          active: { type: 'boolean' },
          createdDateTime: { type: ['string', 'null'], format: 'date-time' },
          ...(withUrl ? { url: { type: 'string', format: 'uri', description: 'L’indirizzo del calendario, mostrato solo ora: conservane solo l’impronta.' } } : {}),
        },
        required: withUrl ? ['active', 'createdDateTime', 'url'] : ['active', 'createdDateTime'],
      },
    },
    required: ['data'],
  });
  return {
    '/api/calendar/feed': {
      get: {
        operationId: 'calendarFeedGet', summary: 'Stato del calendario privato', tags: ['calendar'],
        description: 'Se il calendario privato dell’utente è attivo e da quando. L’indirizzo non si rilegge: si rigenera.',
        responses: { 200: { description: 'Lo stato.', content: json(state(false)) }, ...problems(401, 503) },
      },
      post: {
        operationId: 'calendarFeedCreate', summary: 'Nuovo indirizzo del calendario privato', tags: ['calendar'],
        description: 'Crea un indirizzo nuovo (il precedente smette di funzionare) e lo risponde una sola volta. Non per conto di un altro utente.',
        responses: { 201: { description: 'L’indirizzo.', content: json(state(true)) }, ...problems(401, 403, 409, 503) },
      },
      delete: {
        operationId: 'calendarFeedDelete', summary: 'Disattiva il calendario privato', tags: ['calendar'],
        description: 'L’indirizzo smette di funzionare.',
        responses: { 204: { description: 'Disattivato.' }, ...problems(401, 403, 409, 503) },
      },
    },
    '/api/calendar/{userId}/{key}.ics': {
      get: {
        operationId: 'calendarFeedRead', summary: 'Il calendario privato (iCalendar)', tags: ['calendar'], security: [],
        description: 'Letto dall’app calendario senza accesso: la chiave è l’autorizzazione. Un cliente: le visite pianificate e le scadenze dei prossimi 12 mesi; il personale: i propri interventi. Letti come l’utente, con i suoi permessi di oggi.',
        parameters: [
          { name: 'userId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
          { name: 'key', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' } },
        ],
        responses: { 200: { description: 'Il calendario.', content: { 'text/calendar': { schema: { type: 'string' } } } }, ...problems(404, 503) },
      },
    },
  };
}
