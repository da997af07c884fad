/**
 * Every error leaves the API as application/problem+json (RFC 9457) with a stable `code`, an
 * Italian `message`, and `errors[{ pointer, code, message }]` for field errors. Codes of SPEC §8
 * keep their names; the others are ours and are listed in the README.
 */

export interface FieldError {
  /** JSON pointer into the body (`/attributes/registry/vatNumber`) or the query parameter (`?filter[x]`). */
  pointer: string;
  code: string;
  message: string;
}

export const problemCatalogue = {
  BAD_REQUEST: { status: 400, title: 'Bad Request', message: 'Richiesta non valida' },
  INVALID_QUERY: { status: 400, title: 'Invalid query', message: 'Parametri di ricerca non validi' },
  INVALID_JSON: { status: 400, title: 'Invalid JSON', message: 'Il corpo della richiesta non è un JSON valido' },
  UNAUTHORIZED: { status: 401, title: 'Unauthorized', message: 'Autenticazione richiesta' },
  FORBIDDEN: { status: 403, title: 'Forbidden', message: 'Non hai i permessi per questa operazione' },
  FIELD_NOT_AUTHORIZED: { status: 403, title: 'Field not authorized', message: 'Non hai i permessi per modificare alcuni campi' },
  USER_DISABLED: { status: 403, title: 'User disabled', message: 'Utente disabilitato: rivolgersi all’amministratore' },
  IMPERSONATION_NOT_ALLOWED: { status: 403, title: 'Impersonation not allowed', message: 'Solo un amministratore può operare per conto di un altro utente' },
  IMPERSONATION_FAILED: { status: 400, title: 'Impersonation failed', message: 'Errore durante l’impersonificazione dell’utente' },
  MODULE_NOT_ALLOWED: { status: 403, title: 'Module not allowed', message: 'Il modulo di questo elemento non è abilitato per il tuo utente' },
  CTM_FST_NOT_AUTHORIZED: { status: 403, title: 'Not authorized', message: 'Non sei autorizzato a visualizzare i dati' },
  MEDIA_LINK_INVALID: { status: 403, title: 'Invalid link', message: 'Il collegamento al file non è valido' },
  MEDIA_LINK_EXPIRED: { status: 403, title: 'Link expired', message: 'Il collegamento al file è scaduto: richiedine uno nuovo' },
  MEDIA_LINK_USED: { status: 403, title: 'Link already used', message: 'Il collegamento per il caricamento è già stato usato' },
  NOT_FOUND: { status: 404, title: 'Not Found', message: 'Elemento non trovato' },
  ROUTE_NOT_FOUND: { status: 404, title: 'Not Found', message: 'Risorsa non trovata' },
  ACTION_NOT_FOUND: { status: 404, title: 'Unknown action', message: 'Azione sconosciuta' },
  PRICE_LIST_NOT_FOUND: { status: 404, title: 'Price list not found', message: 'Listino non trovato' },
  TEMPLATE_NOT_FOUND: { status: 404, title: 'Template not found', message: 'Modello di documento non trovato' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method Not Allowed', message: 'Metodo non consentito' },
  REQUEST_TIMEOUT: { status: 408, title: 'Request Timeout', message: 'La richiesta è arrivata troppo lentamente: la connessione è stata chiusa' },
  VERSION_CONFLICT: { status: 409, title: 'Conflict', message: 'L’elemento è stato modificato da un altro utente: ricarica i dati e riprova' },
  ENTITY_DELETED: { status: 409, title: 'Entity deleted', message: 'L’elemento è stato eliminato' },
  ENTITY_ARCHIVED: { status: 409, title: 'Entity archived', message: 'L’elemento è archiviato: ripristinalo per modificarlo' },
  ENTITY_RELATIONS_FOUND: { status: 409, title: 'Entity relations found', message: 'Esistono relazioni con l’elemento' },
  CUSTOMER_ALREADY_EXISTS: { status: 409, title: 'Customer already exists', message: 'Esiste già un cliente con questi dati' },
  PRODUCT_ALREADY_EXISTS_IN_PRICE_LIST: { status: 409, title: 'Product already in price list', message: 'Il prodotto è già presente nel listino' },
  PRODUCT_CODE_ALREADY_USED: { status: 409, title: 'Product code already used', message: 'Codice prodotto già utilizzato' },
  QUOTATION_CODE_ALREADY_USED: { status: 409, title: 'Quotation code already used', message: 'Codice preventivo già utilizzato' },
  ORDER_NUMBER_ALREADY_USED: { status: 409, title: 'Order number already used', message: 'Numero d’ordine già utilizzato' },
  ORDER_ALREADY_EXISTS: { status: 409, title: 'Order already exists', message: 'Dal preventivo è già stato creato un ordine' },
  ASSIGNMENT_CODE_ALREADY_USED: { status: 409, title: 'Assignment code already used', message: 'Codice incarico già utilizzato' },
  EMPLOYEE_ALREADY_EXISTS: { status: 409, title: 'Employee already exists', message: 'Esiste già un dipendente con questo codice fiscale' },
  TRANSITION_NOT_ALLOWED: { status: 409, title: 'Transition not allowed', message: 'Azione non consentita nello stato attuale' },
  TRANSITION_REFUSED: { status: 409, title: 'Transition refused', message: 'Azione non possibile' },
  QUOTATION_NOT_EDITABLE: { status: 409, title: 'Quotation not editable', message: 'Il preventivo non è modificabile nello stato attuale' },
  // Issue 25: a technician without the qualification the intervention's system types need (D.M. 1/9/2021), and an override by a non-administrator.
  TECHNICIAN_NOT_QUALIFIED: { status: 409, title: 'Technician not qualified', message: 'Il tecnico non è qualificato per i tipi di impianto dell’intervento' },
  QUALIFICATION_OVERRIDE_NOT_ALLOWED: { status: 403, title: 'Qualification override not allowed', message: 'Solo un amministratore può assegnare un tecnico non qualificato, indicando il motivo' },
  // Issue 25: the data that drives legal deadlines is corrected from the field by a change request the office approves.
  LEGAL_DATA_BY_CHANGE_REQUEST: { status: 403, title: 'Legal data by change request', message: 'Data di produzione, data di installazione, matricola e agente estinguente determinano le scadenze di legge: proponi la correzione con una richiesta di modifica, che l’ufficio approva' },
  ANOMALY_ALREADY_RESOLVED: { status: 409, title: 'Anomaly already resolved', message: 'L’anomalia è già risolta: non serve segnalarne la risoluzione' },
  // Issue 26 §6: enrolment requests from the portal's training matrix.
  EDITION_FULL: { status: 409, title: 'Course edition full', message: 'L’edizione del corso non ha più posti liberi' },
  NO_EDITION_AVAILABLE: { status: 409, title: 'No course edition available', message: 'Nessuna edizione pianificata del corso con posti liberi per questo cliente' },
  STATE_LOCKED: { status: 409, title: 'Locked by state', message: 'L’elemento non è modificabile nello stato attuale' },
  QUOTATION_REVISION_READ_ONLY: { status: 409, title: 'Quotation revision read-only', message: 'Una revisione del preventivo è di sola lettura' },
  DELIVERY_EXCEEDS_ORDERED: { status: 409, title: 'Delivery exceeds ordered quantity', message: 'La quantità da consegnare supera la quantità ordinata: confermare per aggiornare la quantità ordinata' },
  NOT_DELETED: { status: 409, title: 'Not deleted', message: 'L’elemento non è eliminato: non c’è un’eliminazione da annullare' },
  REFERENCE_DELETED: { status: 409, title: 'Reference deleted', message: 'Impossibile annullare l’eliminazione: un elemento a cui si riferisce è stato eliminato' },
  NOT_DELETABLE: { status: 409, title: 'Not deletable', message: 'L’elemento non può essere eliminato nello stato attuale' },
  RECORD_EXISTS: { status: 412, title: 'Record exists', message: 'Esiste già un elemento con questo identificativo (anche se eliminato): non viene creato di nuovo' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, title: 'Idempotency key in use', message: 'Una richiesta con questa chiave di idempotenza è ancora in corso: riprova tra poco' },
  ACTIVITIES_LIMIT_REACHED: { status: 409, title: 'Activities limit reached', message: 'L’intervento ha già il numero massimo di attività' },
  FOLDER_ALREADY_EXISTS: { status: 409, title: 'Folder already exists', message: 'È già presente una cartella con questo nome' },
  MEDIA_NOT_UPLOADED: { status: 409, title: 'File not uploaded', message: 'Il file non è ancora stato caricato' },
  FILE_UPLOAD_INCOMPLETE: { status: 400, title: 'Upload incomplete', message: 'Errore nel caricamento del file: il contenuto ricevuto è incompleto' },
  FILE_UPLOAD_FAILED: { status: 502, title: 'Upload failed', message: 'Errore nel caricamento del file' },
  FILE_TOO_LARGE: { status: 413, title: 'File too large', message: 'Il file è troppo grande' },
  MEDIA_QUOTA_EXCEEDED: { status: 413, title: 'Upload quota exceeded', message: 'Hai raggiunto il limite di spazio per i file caricati: riprova più tardi o elimina file non più necessari' },
  FILE_TYPE_NOT_ALLOWED: { status: 415, title: 'File type not allowed', message: 'Il tipo di file non è consentito' },
  FILE_CONTENT_MISMATCH: { status: 415, title: 'File content mismatch', message: 'Il contenuto del file non corrisponde al tipo dichiarato' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload Too Large', message: 'Il corpo della richiesta è troppo grande' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported Media Type', message: 'Formato della richiesta non supportato: usare application/json' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: 'Idempotency key reused', message: 'La chiave di idempotenza è già stata usata per una richiesta diversa: generarne una nuova' },
  SIGNATURE_CODE_INVALID: { status: 422, title: 'Wrong signature code', message: 'Codice di firma non corretto' },
  SIGNATURE_CODE_EXPIRED: { status: 422, title: 'Signature code expired', message: 'Il codice di firma è scaduto o ha superato i tentativi: richiederne uno nuovo' },
  SIGNATURE_CODES_TOO_MANY: { status: 429, title: 'Too many signature codes', message: 'Troppi codici di firma richiesti nell’ultima ora: riprovare più tardi' },
  CUSTOMER_ADMIN_SCOPE: { status: 403, title: 'Outside the customer administrator’s scope', message: 'Puoi gestire soltanto gli utenti del tuo cliente, senza renderli amministratori né dare ruoli che non hai' },
  SITE_NOT_OF_CUSTOMER: { status: 422, title: 'Site not of the customer', message: 'Puoi scegliere soltanto la sede principale e le sedi del tuo cliente' },
  MODULE_NOT_OF_CUSTOMER: { status: 422, title: 'Module not of the customer', message: 'Puoi dare soltanto i moduli che hanno sia il tuo cliente sia il tuo utente' },
  USER_ALREADY_ACTIVE: { status: 409, title: 'User already active', message: 'L’utente ha già scelto la sua password: non serve un nuovo invito' },
  MAIL_NOT_SENT: { status: 502, title: 'Mail not sent', message: 'Non è stato possibile inviare l’e-mail: riprovare tra poco' },
  CLOCK_IN_FUTURE: { status: 422, title: 'Date in the future', message: 'La data indicata è nel futuro rispetto all’orologio del server: controllare data e ora del dispositivo' },
  VALIDATION_FAILED: { status: 422, title: 'Unprocessable Content', message: 'I dati inviati non sono validi' },
  TEMPLATE_INVALID: { status: 422, title: 'Invalid template', message: 'Il modello di documento contiene segnaposto sconosciuti o non ammessi' },
  EXPORT_TOO_LARGE: { status: 422, title: 'Export too large', message: 'Le righe da esportare superano il limite: restringi i filtri e riprova' },
  DOCUMENT_TOO_LARGE: { status: 422, title: 'Document too large', message: 'Il documento è troppo grande per essere generato: riduci i dati da stampare o semplifica il modello' },
  DOCUMENT_RENDER_TIMEOUT: { status: 422, title: 'Document render timeout', message: 'La generazione del documento ha richiesto troppo tempo ed è stata interrotta: riduci i dati da stampare o semplifica il modello' },
  IDEMPOTENCY_KEY_REQUIRED: { status: 428, title: 'Idempotency key required', message: 'Indicare una chiave di idempotenza (intestazione Idempotency-Key)' },
  PRECONDITION_REQUIRED: { status: 428, title: 'Precondition Required', message: 'Indicare la versione su cui si basa la modifica (intestazione If-Match)' },
  TOO_MANY_STREAMS: { status: 429, title: 'Too many streams', message: 'Troppi aggiornamenti in tempo reale aperti: chiudi qualche scheda o finestra e riprova' },
  INTERNAL_ERROR: { status: 500, title: 'Internal Server Error', message: 'Errore interno del server' },
  MAINTENANCE: { status: 503, title: 'Maintenance', message: 'L’applicazione è in manutenzione: riprova più tardi' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service Unavailable', message: 'Servizio momentaneamente non disponibile' },
  DOCUMENT_RENDER_BUSY: { status: 503, title: 'Document renderer busy', message: 'Troppi documenti in preparazione in questo momento: riprova tra qualche secondo' },
  QUERY_TIMEOUT: { status: 503, title: 'Query timeout', message: 'La richiesta ha impiegato troppo tempo: riprova, oppure restringi la ricerca con dei filtri' },
  DATABASE_UNAVAILABLE: { status: 503, title: 'Database unavailable', message: 'Il database non è raggiungibile in questo momento: riprova tra qualche secondo' },
} as const satisfies Record<string, { status: number; title: string; message: string }>;

export type ProblemCode = keyof typeof problemCatalogue;

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: string;
  message: string;
  detail?: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

/** A failure the API reports as problem+json. Services throw it; the error handler renders it. */
export class Problem extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly errors: FieldError[] | undefined;
  readonly extensions: Record<string, unknown>;

  constructor(
    code: ProblemCode,
    options: { message?: string; errors?: FieldError[]; status?: number; code?: string; extensions?: Record<string, unknown> } = {},
  ) {
    const entry = problemCatalogue[code];
    super(options.message ?? entry.message);
    this.status = options.status ?? entry.status;
    this.code = options.code ?? code;
    this.title = entry.title;
    this.errors = options.errors;
    this.extensions = options.extensions ?? {};
  }

  toBody(): ProblemBody {
    return {
      type: `/problems/${this.code}`,
      title: this.title,
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.extensions,
    };
  }
}

/** `/attributes/registry/vatNumber` from a zod path. */
export function pointerOf(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '' : `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}
