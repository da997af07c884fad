import { describe, expect, it } from 'vitest';
import { renderTemplate } from '../../domain/documents/template.ts';
import { controlRegisterTemplate, quotationTemplate } from '../seed/generators/document-templates.ts';
import { documentTemplateIssues } from './template-rules.ts';
import { DocumentTooLarge, failureOf, filledLines, renderDocument } from './render-job.ts';

const nestedSectionIssues = (body: string) => documentTemplateIssues('quotation', body).filter((issue) => issue.code === 'NESTED_SECTION');

const quotation = (lines: number) => ({
  preventivo: { codice: 'PRV-2026-00001', titolo: 'Fornitura', note: 'Prima riga\nseconda riga' },
  cliente: { ragioneSociale: 'Alfa Srl', provincia: 'MI' },
  righe: Array.from({ length: lines }, (_, i) => ({ numero: i + 1, descrizione: `Riga ${i + 1}`, totale: i })),
});

describe('a section nested in a section of the same name', () => {
  it('is found at any depth, once per name, from mustache’s token tree (the domain check the editor shows as you type)', () => {
    expect(nestedSectionIssues('{{#righe}}{{#righe}}{{#righe}}x{{/righe}}{{/righe}}{{/righe}}')).toEqual([
      { code: 'NESTED_SECTION', name: 'righe', at: 10, message: 'La sezione «righe» è dentro un’altra sezione «righe»: una sezione non può ripetersi dentro sé stessa' },
    ]);
    expect(nestedSectionIssues('{{#righe}}{{#descrizione}}{{^righe}}x{{/righe}}{{/descrizione}}{{/righe}}')).toHaveLength(1);
    // One after the other, or different names: fine; not parsable: the domain check says why.
    expect(nestedSectionIssues('{{#righe}}a{{/righe}}{{#righe}}b{{/righe}}{{^righe}}c{{/righe}}')).toEqual([]);
    expect(nestedSectionIssues('{{#righe}}')).toEqual([]);
    expect(documentTemplateIssues('quotation', '{{#righe}}').map((issue) => issue.code)).toEqual(['SYNTAX']);
    expect(documentTemplateIssues('quotation', quotationTemplate)).toEqual([]);
  });
});

describe('filledLines', () => {
  it('counts the lines mustache writes, without writing them', () => {
    for (const [type, body, data] of [
      ['quotation', quotationTemplate, quotation(7)],
      ['quotation', quotationTemplate, quotation(0)],
      ['controlRegister', controlRegisterTemplate, { cliente: { ragioneSociale: 'Alfa' }, controlli: [{ attrezzatura: 'E1' }, { attrezzatura: 'E2' }] }],
      ['quotation', '{{#righe}}\n| {{numero}} |\n{{/righe}}\n{{^righe}}\nNessuna\n{{/righe}}\nFine', quotation(3)],
    ] as const) {
      const written = renderTemplate(type, body, data).split('\n').length - renderTemplate(type, body, data).split('\\\n').length + 1;
      expect(filledLines(type, body, data, 100_000)).toBe(written);
    }
  });

  it('stops at the limit', () => {
    const body = Array.from({ length: 100 }, () => '{{#righe}}\n| {{numero}} |\n{{/righe}}').join('\n');
    expect(() => filledLines('quotation', body, quotation(6), 500)).toThrow(DocumentTooLarge);
    // 600 rows, each ending with its line break: 601 lines, the last one empty.
    expect(filledLines('quotation', body, quotation(6), 601)).toBe(601);
  });
});

describe('renderDocument', () => {
  const job = { type: 'quotation' as const, title: 'PRV', maxRows: 10_000, maxPages: 500 };

  it('answers the PDF in a buffer of its own', async () => {
    const bytes = await renderDocument({ ...job, body: quotationTemplate, data: quotation(3) });
    expect(Buffer.from(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
  });

  it('refuses more pages than allowed, and says why as plain data', async () => {
    const failure = await renderDocument({ ...job, maxPages: 3, body: '{{#righe}}\n{{descrizione}}\n---\n{{/righe}}', data: quotation(6) }).catch(failureOf);
    expect(failure).toEqual({ kind: 'tooLarge', unit: 'pages', limit: 3 });
    const template = await renderDocument({ ...job, body: '{{nulla}}', data: {} }).catch(failureOf);
    expect(template).toMatchObject({ kind: 'template', issues: [{ code: 'UNKNOWN_PLACEHOLDER' }] });
  });
});
