/** Texts of the dedicated «Nuovo …» screens (src/client/create-flows/), loaded with them. */
const createFlows: Record<string, string> = {
  'createFlows.intervention.hint': 'Cliente, sede, modulo e data prevista: il codice lo assegna il sistema (INT-anno-numero) al salvataggio, con Ctrl+S. Operatori e attività si aggiungono poi nella pagina dell’intervento.',
};

export default createFlows;
