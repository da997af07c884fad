import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { headingDetails, renderPdf } from './pdf.ts';
import { pdfPageCount, pdfText } from '../../../tests/support/pdf-text.ts';
import { parseMarkup, type Block } from '../../domain/documents/markup.ts';

async function bytesOf(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const heading = { companyName: 'Sicurezza Demo Servizi Srl', addressLines: ['Via dell’Industria 24, 20121 Milano (MI)'], vatNumber: '01234560157', footer: 'Capitale sociale € 100.000 i.v.' };

describe('PDF layout', () => {
  it('prints the heading with its logo, and a long table with its header on every page and page numbers', async () => {
    const logo = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#c00' } }).png().toBuffer();
    const table: Block = { kind: 'table', header: ['N.', 'Descrizione', 'Totale'], rows: Array.from({ length: 120 }, (_, i) => [String(i + 1), `Riga ${i + 1}`, '10,00 €']), numeric: [true, false, true] };
    const pdf = await bytesOf(await renderPdf([{ kind: 'heading', level: 1, text: 'Preventivo' }, table], { title: 'Prova', heading, logo }));
    const text = pdfText(pdf);
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    expect(text.match(/^Descrizione$/gm)?.length).toBe(pages);
    expect(text).toContain(`Pagina ${pages}`);
    expect(text).toContain('Capitale sociale € 100.000 i.v.');
    expect(text).toContain('Via dell’Industria 24, 20121 Milano (MI)');
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });

  it('leaves out a logo it cannot read instead of failing', async () => {
    const pdf = await bytesOf(await renderPdf([{ kind: 'paragraph', lines: ['Testo'], align: 'left', bold: false }], { title: 'Prova', heading, logo: Buffer.from('non è un’immagine') }));
    expect(pdfText(pdf)).toContain('Testo');
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('keeps every date, code and amount of a crowded table on one line; only free text wraps', async () => {
    const description = 'Sorveglianza semestrale degli estintori a polvere con verifica del manometro e del sigillo';
    const row = (n: number) => [`ATT-000${n}029`, '27/11/2026', description, `SN-FIRE-${n}00042`, 'Piano terra, corridoio nord', '12', '1.325,92\u00a0€', '12.345,67\u00a0€'];
    const table: Block = { kind: 'table', header: ['Codice', 'Data', 'Descrizione', 'Matricola', 'Posizione', 'Q.tà', 'Prezzo unitario', 'Totale'], rows: [1, 2, 3].map(row), numeric: [false, false, false, false, false, true, true, true] };
    const lines = pdfText(await bytesOf(await renderPdf([table], { title: 'Prova', compress: false }))).split('\n');
    // One text operation per printed line: a value that wrapped would be split in two.
    for (const value of [...row(1).filter((cell) => cell !== description && !cell.includes(' ')), '1.325,92\u00a0€', '12.345,67\u00a0€']) expect(lines).toContain(value);
    expect(lines).not.toContain(description);
  });

  it('keeps a short two-word label (a state) on one line beside long texts in a crowded table', async () => {
    const long = 'Rilevatore di fumo che non risponde al test di funzionamento periodico';
    const row = ['ATT-0000261', '06/11/2025', 'Alto', long, 'Non risolta', '14/12/2025', 'Intervento della ditta di manutenzione', 'Sostituito il componente difettoso', ''];
    const table: Block = { kind: 'table', header: ['Attrezzatura', 'Rilevata il', 'Rischio', 'Descrizione', 'Stato', 'Risolta il', 'Risolta da', 'Risoluzione', 'Prove'], rows: [row, row], numeric: [false, false, false, false, false, false, false, false, false] };
    const lines = pdfText(await bytesOf(await renderPdf([table], { title: 'Prova', compress: false }))).split('\n');
    expect(lines).toContain('Non risolta');
    expect(lines).not.toContain(long);
  });

  it('prints bold and italic runs in their fonts, without the markers', async () => {
    const pdf = await bytesOf(await renderPdf(parseMarkup('Cliente: **Officine Meccaniche Lombarde Srl** – *urgente*'), { title: 'Prova', compress: false }));
    const text = pdfText(pdf);
    expect(text.split('\n')).toEqual(expect.arrayContaining(['Cliente: ', 'Officine Meccaniche Lombarde Srl', ' – ', 'urgente']));
    expect(text).not.toContain('*');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont\s*\/Helvetica-Bold\b/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont\s*\/Helvetica-Oblique\b/);
  });
});

describe('the letterhead', () => {
  it('says each contact once: a phone already in an address line is not repeated', () => {
    const heading = { addressLines: ['Via dell’Industria 24, 20121 Milano (MI)', 'Tel. 02 8765 4321 – www.demo.sicurezza.it'], vatNumber: '01234567890', phoneNumber: '02 87654321', email: 'info@demo.sicurezza.it' };
    expect(headingDetails(heading)).toEqual([...heading.addressLines, 'P. IVA 01234567890 – info@demo.sicurezza.it']);
    expect(headingDetails({ addressLines: ['Via Roma 1'], phoneNumber: '02 1234567' })).toEqual(['Via Roma 1', 'Tel. 02 1234567']);
  });
});
