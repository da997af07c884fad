/**
 * The mail outbox (issue 26 §8): its fields and values (joined to the field labels by
 * `../field-labels.ts`, with the grids and forms) and the texts of one message's screen.
 */
const messages: Record<string, string> = {
  'form.field.recipients': 'Destinatari',
  'form.field.sender': 'Mittente',
  'form.field.textBody': 'Testo',
  'form.field.htmlBody': 'Testo HTML',
  'form.field.messageId': 'Identificativo del messaggio',
  'form.field.transport': 'Invio',
  'form.field.errorMessage': 'Errore',
  'form.field.sentDateTime': 'Inviato il',
  'form.field.emlFile': 'File .eml',
  'form.field.contentType': 'Tipo di contenuto',
  'form.enum.smtp': 'Server SMTP',
  'form.enum.emlFile': 'File nella cartella outbox',
  'form.enum.mailSent': 'Inviato',
  'form.enum.mailNotSent': 'Non inviato',
  'mail.message.headers': 'Intestazioni',
  'mail.message.text': 'Testo del messaggio',
  'mail.message.html': 'Anteprima HTML',
  'mail.message.showHtml': 'Mostra l’anteprima HTML',
  'mail.message.hideHtml': 'Nascondi l’anteprima HTML',
  'mail.message.attachments': 'Allegati',
  'mail.message.noAttachments': 'Nessun allegato',
  'mail.message.download': 'Scarica il file .eml',
  'mail.message.noRaw': 'Il file .eml non è conservato: il messaggio è stato consegnato al server SMTP',
  'mail.message.loading': 'Caricamento del messaggio…',
  'mail.message.notFound': 'Messaggio non trovato',
};

export default messages;
