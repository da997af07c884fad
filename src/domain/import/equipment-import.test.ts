import { describe, expect, it } from 'vitest';
import { autoMapping, headerSignature, importDate, normaliseHeader } from './equipment-import.ts';

describe('equipment import mapping', () => {
  it('matches Italian column names and synonyms without case, accents or punctuation', () => {
    expect(normaliseHeader('  Data  di Fabbricazione. ')).toBe('data di fabbricazione');
    expect(normaliseHeader('Unità locale')).toBe('unita locale');
    expect(autoMapping(['MATRICOLA', 'Data fabbricazione', 'Agente', 'Famiglia', 'Posizione', 'Sede', 'Colore'])).toEqual([
      'serialNumber', 'productionDate', 'agent', 'family', 'position', 'site', null,
    ]);
  });

  it('gives a field to the first column that names it only', () => {
    expect(autoMapping(['Tipo', 'Tipologia', 'Ubicazione', 'Posizione'])).toEqual(['family', null, 'position', null]);
  });

  it('signs a layout by its normalised names in order', () => {
    expect(headerSignature(['Matricola', 'Tipo'])).toBe(headerSignature([' matricola', 'TIPO ']));
    expect(headerSignature(['Matricola', 'Tipo'])).not.toBe(headerSignature(['Tipo', 'Matricola']));
  });

  it('reads Italian, ISO and year-only dates, and leaves anything else for the schema to refuse', () => {
    expect(importDate('15/03/2025')).toBe('2025-03-15');
    expect(importDate('5.3.25')).toBe('2025-03-05');
    expect(importDate('2024-01-10')).toBe('2024-01-10');
    expect(importDate('2019')).toBe('2019-01-01');
    expect(importDate('31/02/2025')).toBe('31/02/2025');
    expect(importDate('marzo')).toBe('marzo');
  });
});
