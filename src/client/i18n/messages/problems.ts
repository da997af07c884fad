/**
 * SPEC §8 texts, Italian. An alert's content is `problems.{code}`, else `problems.{message}`, else
 * `problems.{title}`, else the raw title (src/client/api/problem-alert.ts). Keys: every server code
 * (README "Errors", src/server/http/problems.ts), the SPEC §8 messages, the transport failures, and
 * the generic outcome texts shown after save/remove/archive/restore/reopen.
 */
export default {
  'problems.generic.title': 'Si è verificato un errore',
  'problems.generic.content': 'Operazione non riuscita. Riprova più tardi.',

  // SPEC §8 server codes
  'problems.ENTITY_RELATIONS_FOUND': 'Esistono relazioni con l’elemento: non è possibile procedere.',
  'problems.PRODUCT_ALREADY_EXISTS_IN_PRICE_LIST': 'Il prodotto è già presente nel listino.',
  'problems.PRICE_LIST_NOT_FOUND': 'Listino non trovato.',
  'problems.CUSTOMER_ALREADY_EXISTS': 'Esiste già un cliente con questi dati.',
  'problems.CTM_FST_NOT_AUTHORIZED': 'Non sei autorizzato a visualizzare i dati.',

  // Our server codes (README "Errors")
  'problems.BAD_REQUEST': 'Richiesta non valida.',
  'problems.INVALID_QUERY': 'Parametri di ricerca non validi.',
  'problems.INVALID_JSON': 'Il corpo della richiesta non è un JSON valido.',
  'problems.UNAUTHORIZED': 'Sessione scaduta o non valida: accedi di nuovo.',
  'problems.FORBIDDEN': 'Non hai i permessi per questa operazione.',
  'problems.FIELD_NOT_AUTHORIZED': 'Non hai i permessi per modificare alcuni campi.',
  'problems.USER_DISABLED': 'Utente disabilitato: rivolgiti all’amministratore.',
  'problems.IMPERSONATION_NOT_ALLOWED': 'Solo un amministratore può operare per conto di un altro utente.',
  'problems.IMPERSONATION_FAILED': 'Errore durante l’impersonificazione dell’utente.',
  'problems.NOT_FOUND': 'Elemento non trovato.',
  'problems.ROUTE_NOT_FOUND': 'Risorsa non trovata.',
  'problems.ACTION_NOT_FOUND': 'Azione sconosciuta.',
  'problems.METHOD_NOT_ALLOWED': 'Metodo non consentito.',
  'problems.VERSION_CONFLICT': 'L’elemento è stato modificato da un altro utente: ricarica i dati e riprova.',
  'problems.ENTITY_DELETED': 'L’elemento è stato eliminato.',
  'problems.NOT_DELETED': 'L’elemento non è eliminato: non c’è un’eliminazione da annullare.',
  'problems.REFERENCE_DELETED': 'Impossibile annullare l’eliminazione: un elemento a cui si riferisce è stato eliminato.',
  'problems.QUERY_TIMEOUT': 'La richiesta ha impiegato troppo tempo: riprova, oppure restringi la ricerca con dei filtri.',
  'problems.DATABASE_UNAVAILABLE': 'Il database non è raggiungibile in questo momento: riprova tra qualche secondo.',
  'problems.ENTITY_ARCHIVED': 'L’elemento è archiviato: ripristinalo per modificarlo.',
  'problems.PRODUCT_CODE_ALREADY_USED': 'Codice prodotto già utilizzato.',
  'problems.ASSIGNMENT_CODE_ALREADY_USED': 'Codice incarico già utilizzato.',
  'problems.QUOTATION_CODE_ALREADY_USED': 'Codice preventivo già utilizzato.',
  'problems.ORDER_NUMBER_ALREADY_USED': 'Numero d’ordine già utilizzato.',
  'problems.EMPLOYEE_ALREADY_EXISTS': 'Il dipendente è già associato a questa azienda.',
  'problems.QUOTATION_NOT_EDITABLE': 'Il preventivo non è modificabile nello stato attuale.',
  'problems.NOT_DELETABLE': 'L’elemento non può essere eliminato nello stato attuale.',
  'problems.TRANSITION_NOT_ALLOWED': 'Azione non consentita nello stato attuale.',
  'problems.TRANSITION_REFUSED': 'Azione non possibile.',
  'problems.DELIVERY_EXCEEDS_ORDERED': 'La quantità da consegnare supera la quantità ordinata.',
  'problems.APPROVAL_REQUIRED': 'Lo sconto supera il massimo consentito: serve l’approvazione.',
  'problems.APPROVAL_NOT_NEEDED': 'L’approvazione non è necessaria.',
  'problems.SIGNED_QUOTATION_REQUIRED': 'Serve il preventivo firmato.',
  'problems.OPERATOR_REQUIRED': 'Indicare l’operatore.',
  'problems.OPERATOR_IN_CHARGE_REQUIRED': 'Indicare l’operatore incaricato.',
  'problems.PLANNED_DATE_REQUIRED': 'Indicare la data pianificata.',
  'problems.PAYLOAD_TOO_LARGE': 'Il contenuto inviato è troppo grande.',
  'problems.UNSUPPORTED_MEDIA_TYPE': 'Formato della richiesta non supportato.',
  'problems.VALIDATION_FAILED': 'I dati inviati non sono validi.',
  'problems.PRECONDITION_REQUIRED': 'Manca la versione su cui si basa la modifica: ricarica i dati e riprova.',
  'problems.INTERNAL_ERROR': 'Errore interno del server. Riprova più tardi.',
  'problems.SERVICE_UNAVAILABLE': 'Servizio momentaneamente non disponibile. Riprova più tardi.',

  // Transport failures of the HTTP client (SPEC §8: "Request timed out")
  'problems.REQUEST_TIMED_OUT': 'La richiesta ha impiegato troppo tempo (oltre 10 secondi). Riprova.',
  'problems.Request timed out': 'La richiesta ha impiegato troppo tempo (oltre 10 secondi). Riprova.',
  'problems.NETWORK_ERROR': 'Impossibile contattare il server. Verifica la connessione e riprova.',

  // SPEC §8 other messages (by message key)
  'problems.assignmentCodeAlreadyUsed': 'Codice già utilizzato per l’incarico {assignment}.',
  'problems.productCodeAlreadyUsed': 'Codice già utilizzato per il prodotto {product}.',
  'problems.fileUploadError': 'Errore durante il caricamento del file.',
  'problems.employeeAlreadyAssociated': 'Il dipendente è già associato a questa azienda.',
  'problems.employeeCreateError': 'Errore durante la creazione del dipendente.',
  'problems.employeeFetchError': 'Errore durante il recupero dei dipendenti.',
  'problems.employeeRemoveError': 'Errore durante la rimozione del dipendente.',
  'problems.commercialReferenceFromRegistry': 'Il referente commerciale deve essere inserito dall’anagrafica del cliente.',
  'problems.impersonationError': 'Errore durante l’impersonificazione.',
  'problems.saveError': 'Errore durante il salvataggio.',
  'problems.deleteError': 'Errore durante l’eliminazione.',
  'problems.productRemoveError': 'Errore durante la rimozione del prodotto.',
  'problems.assignmentCreateError': 'Errore durante la creazione dell’incarico.',
  'problems.fileTypeNotAllowed': 'Tipo di file non consentito. Tipi ammessi: {allowedTypes}.',

  // SPEC §8: generic outcome after save, remove, archive, restore, reopen
  'problems.outcome.save.success': 'Salvataggio completato.',
  'problems.outcome.save.error': 'Errore durante il salvataggio.',
  'problems.outcome.remove.success': 'Eliminazione completata.',
  'problems.outcome.remove.error': 'Errore durante l’eliminazione.',
  'problems.outcome.archive.success': 'Archiviazione completata.',
  'problems.outcome.archive.error': 'Errore durante l’archiviazione.',
  'problems.outcome.restore.success': 'Ripristino completato.',
  'problems.outcome.restore.error': 'Errore durante il ripristino.',
  'problems.outcome.reopen.success': 'Riapertura completata.',
  'problems.outcome.reopen.error': 'Errore durante la riapertura.',

  // By title, the last fallback before the raw title
  'problems.Internal Server Error': 'Errore interno del server. Riprova più tardi.',
  'problems.Service Unavailable': 'Servizio momentaneamente non disponibile. Riprova più tardi.',
  'problems.Bad Gateway': 'Il server non risponde correttamente. Riprova più tardi.',
  'problems.Gateway Timeout': 'Il server non ha risposto in tempo. Riprova più tardi.',
  'problems.Forbidden': 'Non hai i permessi per questa operazione.',
  'problems.Conflict': 'L’operazione è in conflitto con lo stato attuale dei dati.',
} as Record<string, string>;
