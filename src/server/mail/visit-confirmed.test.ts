import { describe, expect, it } from 'vitest';
import type { Entity } from '../../domain/entity.ts';
import { htmlOfText } from './mailer.ts';
import { siteAddress, visitConfirmedMessage } from './visit-confirmed.ts';

const assignment = (attributes: Record<string, unknown>) => ({ id: 'a', attributes: { code: 'INT-2027-00001', ...attributes }, metadata: {}, relationships: {} }) as unknown as Entity;
const base = { recipientName: 'Anna Marchetti', siteName: 'Officine Srl', siteAddress: 'Via Roma 1, 20121 Milano (MI)', portalUrl: 'https://gestionale.example.it/customers/c/portal' };

describe('«Visita confermata»', () => {
  it('writes the day and time in Rome, summer time included, with the end when it is the same day', () => {
    const { subject, text } = visitConfirmedMessage({ ...base, assignment: assignment({ title: 'Revisione estintori', plannedStartDateTime: '2027-06-10T07:00:00.000Z', plannedEndDateTime: '2027-06-10T09:15:00.000Z' }) });
    expect(subject).toBe('Visita confermata: giovedì 10 giugno 2027');
    expect(text).toContain('Gentile Anna Marchetti,');
    expect(text).toContain('la visita «Revisione estintori» è confermata per giovedì 10 giugno 2027 alle 09:00 (fino alle 11:15), presso Officine Srl, Via Roma 1, 20121 Milano (MI).');
    expect(text).toContain('Intervento: INT-2027-00001');
    expect(text).toContain('nel portale: https://gestionale.example.it/customers/c/portal');
  });

  it('leaves out what it does not know: a title, an end on another day, a site', () => {
    const { text } = visitConfirmedMessage({ ...base, recipientName: '', siteName: '', siteAddress: '', assignment: assignment({ plannedStartDateTime: '2027-01-04T14:30:00.000Z', plannedEndDateTime: '2027-01-05T10:00:00.000Z' }) });
    expect(text).toContain('Gentile cliente,');
    expect(text).toContain('la visita è confermata per lunedì 4 gennaio 2027 alle 15:30.');
    expect(text).not.toContain('Sede:');
  });

  it('reads a site’s address from its registered office', () => {
    const site = { attributes: { registeredOffice: { road: 'Via Dante', houseNumber: '7', zipCode: '20900', city: 'Monza', province: 'MB' } } } as unknown as Entity;
    expect(siteAddress(site)).toBe('Via Dante 7, 20900 Monza (MB)');
    expect(siteAddress(undefined)).toBe('');
  });

  it('makes its HTML body from the text, escaped, a paragraph per block', () => {
    expect(htmlOfText('Gentile <cliente>,\n\nriga uno\nriga & due')).toContain('<p>Gentile &#60;cliente&#62;,</p><p>riga uno<br>riga &#38; due</p>');
  });
});
