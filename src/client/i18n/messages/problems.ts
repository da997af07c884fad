/** SPEC §8: problem texts by code or message (`problems.{code}` → `problems.{message}` → `problems.{title}`), Italian. */
export default {
  'problems.generic.title': 'Si è verificato un errore',
  'problems.generic.content': 'Operazione non riuscita. Riprova più tardi.',
  'problems.Request timed out': 'La richiesta ha impiegato troppo tempo (oltre 10 secondi). Riprova.',
} as Record<string, string>;
