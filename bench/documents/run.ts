/**
 * Documents bench: a quotation PDF with 50 and with 500 lines, from the default template to the
 * last byte (template, markup, PDFKit layout, deflate), in process. Prints p50/p95 per size.
 * Run: node bench/documents/run.ts [iterations]
 */
import { renderTemplate } from '../../src/domain/documents/template.ts';
import { parseMarkup } from '../../src/domain/documents/markup.ts';
import { renderPdf } from '../../src/server/documents/pdf.ts';
import { quotationTemplate } from '../../src/server/seed/generators/document-templates.ts';

const iterations = Number(process.argv[2] ?? 20);

function data(lines: number) {
  return {
    documento: { data: '2026-06-15' },
    intestazione: { ragioneSociale: 'Sicurezza Demo Servizi Srl' },
    cliente: { ragioneSociale: 'Alfa Impianti Srl', indirizzo: 'Via Roma 1', cap: '20121', citta: 'Milano', provincia: 'MI' },
    preventivo: { codice: 'PRV-2026-00042', data: '2026-06-15', scadenza: '2026-07-15', totaleListino: 123456.78, totaleSconto: 1234.5, totaleNetto: 122222.28, pagamento: 'Bonifico 30 gg d.f.f.m.' },
    righe: Array.from({ length: lines }, (_, i) => ({ numero: i + 1, descrizione: `Estintore a polvere 6 kg 34A 233BC modello ${i + 1} con verifica semestrale`, quantita: (i % 5) + 1, unita: 'cad.', prezzoUnitario: 45.5 + i, sconto: i % 3 ? 5 : 0, totale: (45.5 + i) * ((i % 5) + 1) })),
  };
}

async function once(lines: number): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const pdf = await renderPdf(parseMarkup(renderTemplate('quotation', quotationTemplate, data(lines))), { title: 'PRV-2026-00042' });
  let bytes = 0;
  for await (const chunk of pdf) bytes += (chunk as Buffer).length;
  return { ms: performance.now() - start, bytes };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

for (const lines of [50, 500]) {
  await once(lines);
  const runs: number[] = [];
  let size = 0;
  for (let i = 0; i < iterations; i++) {
    const { ms, bytes } = await once(lines);
    runs.push(ms);
    size = bytes;
  }
  runs.sort((a, b) => a - b);
  console.log(`quotation PDF, ${lines} lines: p50 ${pct(runs, 50).toFixed(1)} ms, p95 ${pct(runs, 95).toFixed(1)} ms, ${(size / 1024).toFixed(0)} kB (${iterations} runs)`);
}
