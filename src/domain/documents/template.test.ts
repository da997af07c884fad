import { describe, expect, it } from 'vitest';
import { documentView, formatValue, placeholderNames, renderTemplate, templateIssues, TemplateError } from './template.ts';
import { parseMarkup } from './markup.ts';
import { documentDeclarations } from './placeholders.ts';

const quotation = {
  preventivo: { codice: 'PRV-2026-00042', data: '2026-03-01', totaleNetto: 1234.5 },
  cliente: { ragioneSociale: 'Rossi | Figli # Srl' },
  righe: [
    { numero: 1, descrizione: 'Estintore 6 kg', quantita: 2, prezzoUnitario: 45, totale: 90 },
    { numero: 2, descrizione: 'Revisione\n# semestrale', quantita: 1.5, prezzoUnitario: 10, totale: 15 },
  ],
};

describe('document templates', () => {
  it('fills placeholders and loops over lines, with Italian formats', () => {
    const text = renderTemplate('quotation', '# Preventivo {{preventivo.codice}} del {{preventivo.data}}\n| N. | Descrizione | Totale |\n{{#righe}}\n| {{numero}} | {{descrizione}} | {{totale}} |\n{{/righe}}\n> **Totale {{preventivo.totaleNetto}}**', quotation);
    const blocks = parseMarkup(text);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 1, text: 'Preventivo PRV-2026-00042 del 01/03/2026' });
    expect(blocks[1]).toMatchObject({ kind: 'table', header: ['N.', 'Descrizione', 'Totale'], numeric: [true, false, true] });
    const table = blocks[1] as Extract<(typeof blocks)[number], { kind: 'table' }>;
    expect(table.rows).toEqual([
      ['1', 'Estintore 6 kg', '90,00\u00a0€'],
      ['2', 'Revisione\n# semestrale', '15,00\u00a0€'],
    ]);
    expect(blocks[2]).toEqual({ kind: 'paragraph', lines: ['Totale 1234,50\u00a0€'], align: 'right', bold: true });
  });

  it('escapes values so they cannot add markup (table columns, headings, page breaks)', () => {
    const text = renderTemplate('quotation', '{{cliente.ragioneSociale}}\n| A |\n| {{cliente.ragioneSociale}} |', quotation);
    const blocks = parseMarkup(text);
    expect(blocks).toEqual([
      { kind: 'paragraph', lines: ['Rossi | Figli # Srl'], align: 'left', bold: false },
      { kind: 'table', header: ['A'], rows: [['Rossi | Figli # Srl']], numeric: [false] },
    ]);
    const heading = parseMarkup(renderTemplate('quotation', '{{preventivo.note}}', { preventivo: { note: '# non un titolo\n---' } }));
    expect(heading).toEqual([{ kind: 'paragraph', lines: ['# non un titolo', '---'], align: 'left', bold: false }]);
  });

  it('prints only declared data: an undeclared key of the record never reaches the document', () => {
    const view = documentView(documentDeclarations.quotation.placeholders, { preventivo: { codice: 'P-1', segreto: 'no' }, altro: 1 });
    expect(view.preventivo).toMatchObject({ codice: 'P-1' });
    expect(view.preventivo).not.toHaveProperty('segreto');
    expect(view).not.toHaveProperty('altro');
    expect(templateIssues('quotation', '{{#preventivo}}{{segreto}}{{/preventivo}}').map((issue) => issue.name)).toEqual(['preventivo', 'segreto']);
  });

  it('names unknown placeholders, in their section too, and refuses unsafe tags', () => {
    expect(templateIssues('quotation', '{{preventivo.codice}} {{#righe}}{{descrizione}}{{/righe}}')).toEqual([]);
    expect(templateIssues('quotation', '{{preventivo.codise}}')).toEqual([
      { code: 'UNKNOWN_PLACEHOLDER', name: 'preventivo.codise', at: 0, message: 'Segnaposto sconosciuto «preventivo.codise»' },
    ]);
    expect(templateIssues('quotation', '{{#righe}}{{prezzo}}{{/righe}}')[0]?.message).toBe('Segnaposto sconosciuto «prezzo» nella sezione «righe»');
    // A line's field outside its section is unknown.
    expect(templateIssues('quotation', '{{descrizione}}')[0]?.code).toBe('UNKNOWN_PLACEHOLDER');
    expect(templateIssues('quotation', '{{{cliente.ragioneSociale}}} {{> altro}} {{=<% %>=}}').map((issue) => issue.code)).toEqual(['FORBIDDEN_TAG', 'FORBIDDEN_TAG', 'FORBIDDEN_TAG']);
    expect(templateIssues('quotation', '{{#righe}}x')[0]?.message).toBe('La sezione «righe» non è chiusa: manca {{/righe}}');
    expect(() => renderTemplate('quotation', '{{nulla}}', {})).toThrow(TemplateError);
  });

  it('formats money with two decimals, dates as dd/mm/yyyy (date-times on the Rome day)', () => {
    expect(formatValue(1234.5, 'money')).toBe('1234,50\u00a0€');
    expect(formatValue(12345.678, 'money')).toBe('12.345,68\u00a0€');
    expect(formatValue('2026-03-01', 'date')).toBe('01/03/2026');
    expect(formatValue('2026-03-01T23:30:00Z', 'date')).toBe('02/03/2026');
    expect(formatValue(undefined, 'money')).toBe('');
  });

  it('declares every document type with unique placeholder names', () => {
    for (const type of Object.keys(documentDeclarations) as (keyof typeof documentDeclarations)[]) {
      const names = placeholderNames(type);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(placeholderNames('quotation')).toContain('righe.descrizione');
  });
});

describe('document markup', () => {
  it('reads headings, paragraphs, right-aligned lines, page breaks and separator rows', () => {
    expect(parseMarkup('# T\n## S\nuno\ndue\n\ntre\n---\n| a | b |\n|---|---|\n| 1 | x |')).toEqual([
      { kind: 'heading', level: 1, text: 'T' },
      { kind: 'heading', level: 2, text: 'S' },
      { kind: 'paragraph', lines: ['uno', 'due'], align: 'left', bold: false },
      { kind: 'paragraph', lines: ['tre'], align: 'left', bold: false },
      { kind: 'pageBreak' },
      { kind: 'table', header: ['a', 'b'], rows: [['1', 'x']], numeric: [true, false] },
    ]);
  });
});

describe('emphasis in lines and cells', () => {
  it('reads **bold**, *italic* and _italic_ into spans, never leaving a marker in the text', () => {
    expect(parseMarkup(renderTemplate('quotation', 'Cliente: **{{cliente.ragioneSociale}}** – _urgente_ e *nota*', quotation))).toEqual([
      {
        kind: 'paragraph',
        lines: [[{ text: 'Cliente: ' }, { text: 'Rossi | Figli # Srl', bold: true }, { text: ' – ' }, { text: 'urgente', italic: true }, { text: ' e ' }, { text: 'nota', italic: true }]],
        align: 'left',
        bold: false,
      },
    ]);
    expect(parseMarkup('| A |\n| **x** y |')).toEqual([{ kind: 'table', header: ['A'], rows: [[[{ text: 'x', bold: true }, { text: ' y' }]]], numeric: [false] }]);
    expect(parseMarkup('# **Titolo**')).toEqual([{ kind: 'heading', level: 1, text: 'Titolo' }]);
  });

  it('prints a line bold from end to end as a bold paragraph, an empty emphasis as nothing', () => {
    expect(parseMarkup('uno\n**Beta** – due')).toEqual([{ kind: 'paragraph', lines: ['uno', [{ text: 'Beta', bold: true }, { text: ' – due' }]], align: 'left', bold: false }]);
    expect(parseMarkup('**A** **B**\n**tutto**')).toEqual([
      { kind: 'paragraph', lines: [[{ text: 'A', bold: true }, { text: ' ' }, { text: 'B', bold: true }]], align: 'left', bold: false },
      { kind: 'paragraph', lines: ['tutto'], align: 'left', bold: true },
    ]);
    expect(parseMarkup('**** – Milano')).toEqual([{ kind: 'paragraph', lines: [' – Milano'], align: 'left', bold: false }]);
  });

  it('keeps escaped markers, a lone marker and an underscore inside a word as text', () => {
    expect(parseMarkup(renderTemplate('quotation', '**{{cliente.ragioneSociale}}**', { cliente: { ragioneSociale: '**Alfa** _Beta_ *' } }))).toEqual([
      { kind: 'paragraph', lines: ['**Alfa** _Beta_ *'], align: 'left', bold: true },
    ]);
    expect(parseMarkup('Prezzo* e Sconto* IVA esclusa, file_di_prova, 2 * 3 * 4')).toEqual([{ kind: 'paragraph', lines: ['Prezzo* e Sconto* IVA esclusa, file_di_prova, 2 * 3 * 4'], align: 'left', bold: false }]);
    expect(parseMarkup('Il tecnico: ______ _Il cliente_: ______')).toEqual([{ kind: 'paragraph', lines: [[{ text: 'Il tecnico: ______ ' }, { text: 'Il cliente', italic: true }, { text: ': ______' }]], align: 'left', bold: false }]);
    expect(parseMarkup('***tutto*** e **a*b*c**')).toEqual([
      { kind: 'paragraph', lines: [[{ text: 'tutto', bold: true, italic: true }, { text: ' e ' }, { text: 'a', bold: true }, { text: 'b', bold: true, italic: true }, { text: 'c', bold: true }]], align: 'left', bold: false },
    ]);
  });
});
