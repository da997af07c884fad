import { describe, expect, it } from 'vitest';
import { defaultTemplates } from './document-templates.ts';
import { templateIssues, renderTemplate } from '../../../domain/documents/template.ts';
import { parseMarkup } from '../../../domain/documents/markup.ts';
import { templateDocTypes } from '../../../domain/enums.ts';

describe('default document templates', () => {
  it('one per document type, every placeholder known', () => {
    expect(defaultTemplates.map((t) => t.type).sort()).toEqual([...templateDocTypes].sort());
    for (const template of defaultTemplates) expect(templateIssues(template.type, template.body), template.name).toEqual([]);
  });

  it('the quotation prints its lines as a table with the totals aligned right', () => {
    const quotation = defaultTemplates.find((t) => t.type === 'quotation')!;
    const blocks = parseMarkup(renderTemplate('quotation', quotation.body, { preventivo: { codice: 'PRV-2026-00001', totaleNetto: 10 }, righe: [{ numero: 1, descrizione: 'Estintore', totale: 10 }] }));
    expect(blocks.find((b) => b.kind === 'table')).toMatchObject({ rows: [['1', 'Estintore', '', '', '', '', '10,00\u00a0€']] });
    expect(blocks).toContainEqual({ kind: 'paragraph', lines: ['Totale imponibile: 10,00\u00a0€ + IVA'], align: 'right', bold: true });
  });
});
