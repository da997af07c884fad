/** Texts of the online signature of a quotation (issue 26 §3), loaded with its panel. */
const quotationSignature: Record<string, string> = {
  'signature.title': 'Approva e firma il preventivo',
  'signature.hint': 'Firma elettronica semplice: scelga le voci opzionali, firmi nel riquadro (o usi il nome come firma), chieda il codice che le inviamo per e-mail e lo inserisca. Il preventivo firmato, con la traccia della firma, resta allegato.',
  'signature.optional': 'Voci opzionali da includere',
  'signature.name': 'Nome e cognome del firmatario',
  'signature.draw': 'Firma nel riquadro con il mouse, la penna o il dito',
  'signature.drawn': 'Firma presente',
  'signature.empty': 'Nessuna firma: disegnarla oppure usare il nome come firma',
  'signature.typeName': 'Usa il nome come firma',
  'signature.clear': 'Cancella la firma',
  'signature.askCode': 'Invia il codice via e-mail',
  'signature.codeAgain': 'Invia un nuovo codice',
  'signature.codeSent': 'Codice inviato a {to}: vale fino alle {until}.',
  'signature.code': 'Codice ricevuto ({digits} cifre)',
  'signature.sign': 'Firma e accetta',
  'signature.refuse': 'Rifiuta il preventivo',
  'signature.reason': 'Motivo del rifiuto',
  'signature.refuseConfirm': 'Conferma il rifiuto',
  'signature.done.title': 'Preventivo firmato',
  'signature.done.text': 'Il preventivo {code} è firmato e accettato: l’ordine {order} è stato creato e l’ufficio lo pianifica.',
  'signature.done.presentedHash': 'Impronta SHA-256 del preventivo come presentato, riportata nella traccia della firma: {sha}',
  'signature.done.fileHash': 'Impronta SHA-256 del file firmato da scaricare: {sha}',
  'signature.download': 'Scarica il preventivo firmato',
  'signature.outcome.signed': 'Firmato online da {who} il {date}.',
  // A reason that ends its own sentence takes no second period after the closing quote (`end`: signature-panel's reasonEnd).
  'signature.outcome.refused': 'Rifiutato online da {who} il {date}: «{reason}»{end, select, ended {} other {.}}',
};

export default quotationSignature;
