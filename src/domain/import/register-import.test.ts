import { describe, expect, it } from 'vitest';
import { autoMapping, headerSignature, importDate, importList, importNumber, importRegisters, normaliseHeader, registers } from './register-import.ts';

describe('register import mapping', () => {
  it('matches Italian column names and synonyms without case, accents or punctuation', () => {
    expect(normaliseHeader('  Data  di Fabbricazione. ')).toBe('data di fabbricazione');
    expect(normaliseHeader('Unità locale')).toBe('unita locale');
    expect(autoMapping('equipments', ['MATRICOLA', 'Data fabbricazione', 'Agente', 'Famiglia', 'Posizione', 'Sede', 'Colore'])).toEqual([
      'serialNumber', 'productionDate', 'agent', 'family', 'position', 'site', null,
    ]);
  });

  it('gives a field to the first column that names it only', () => {
    expect(autoMapping('equipments', ['Tipo', 'Tipologia', 'Ubicazione', 'Posizione'])).toEqual(['family', null, 'position', null]);
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

  it('maps each register\'s own sheet: sites, employees with their safety roles, products with a price list', () => {
    expect(autoMapping('sites', ['Nome sede', 'Indirizzo', 'CAP', 'Città', 'Prov.', 'Lat', 'Lng'])).toEqual(['name', 'address', 'zipCode', 'city', 'province', 'latitude', 'longitude']);
    expect(autoMapping('employees', ['Cognome', 'Nome', 'C.F.', 'Data assunzione', 'Mansione', 'Incarichi sicurezza', 'Sede'])).toEqual([
      'lastName', 'firstName', 'fiscalCode', 'hireDate', 'job', 'safetyRoles', 'site',
    ]);
    expect(autoMapping('products', ['Codice articolo', 'Descrizione', 'Listino', 'Prezzo'])).toEqual(['code', 'name', 'priceList', 'price']);
  });

  it('names every register\'s identity among its targets, and no synonym twice within a register', () => {
    for (const register of importRegisters) {
      const definition = registers[register];
      expect(definition.targets[definition.identity]).toBeDefined();
      const synonyms = Object.values(definition.targets).flatMap((target) => target.synonyms.map(normaliseHeader));
      expect(new Set(synonyms).size, register).toBe(synonyms.length);
    }
  });

  it('reads Italian and plain numbers, and lists separated by commas, semicolons or slashes', () => {
    expect(importNumber('1.234,50')).toBe(1234.5);
    expect(importNumber('12,5 €')).toBe(12.5);
    expect(importNumber('12.5')).toBe(12.5);
    expect(importNumber('dodici')).toBe('dodici');
    expect(importList('RSPP; Preposto / Addetto antincendio,')).toEqual(['RSPP', 'Preposto', 'Addetto antincendio']);
  });
});
