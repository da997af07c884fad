/** Texts of rectifications (issue 26 §4): the customer's proof that it fixed an anomaly, and the office's decision. */
export default {
  'form.field.anomalyId': 'Anomalia',
  'form.field.evidenceMediaIds': 'Prove della risoluzione (foto o documenti)',
  'form.field.decisionReason': 'Motivo del rifiuto',
  'form.field.decidedDateTime': 'Data della decisione',
  'form.field.decidedById': 'Deciso da',
  'form.enum.refused': 'Rifiutata',
} as Record<string, string>;
