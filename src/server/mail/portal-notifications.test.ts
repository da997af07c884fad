import { describe, expect, it, vi } from 'vitest';
import type { Entity } from '../../domain/entity.ts';
import { DeadlineDigest, deadlineDigestMessage, type DeadlineDigestOptions } from './deadline-digest.ts';
import { documentLabelOf, documentsReadyMessage } from './documents-ready.ts';
import { portalQuotationUrl, quotationIssuedMessage } from './quotation-issued.ts';

const entity = (attributes: Record<string, unknown>, metadata: Record<string, unknown> = {}) => ({ id: 'x', attributes, metadata, relationships: {} }) as unknown as Entity;

describe('«Preventivo da firmare»', () => {
  it('says the code, the title, the net total, the expiry and where to sign', () => {
    const quotation = entity({ code: 'PRV-2026-00007', title: 'Manutenzione semestrale', expiryDate: '2026-12-20' }, { totalNetPrice: 12345.675 });
    const { subject, text } = quotationIssuedMessage({ recipientName: 'Anna', quotation, url: portalQuotationUrl('https://g.example.it', 'c1', 'q1') });
    expect(subject).toBe('Preventivo da firmare: PRV-2026-00007 – Manutenzione semestrale');
    expect(text).toMatch(/Totale netto: 12\.345,68\s€/);
    expect(text).toContain('Valido fino al: 20/12/2026');
    expect(text).toContain('approvarlo e firmarlo online, con un codice che vi invieremo via e-mail: https://g.example.it/customers/c1/portal/quotations/q1');
  });
});

describe('«Documenti pronti»', () => {
  it('tells an intervention report and a certificate from other files', () => {
    expect(documentLabelOf(entity({ meta: { generated: { documentType: 'interventionReport' } } }))).toBe('Rapporto di intervento');
    expect(documentLabelOf(entity({ meta: { courseEditionId: 'e1' } }))).toBe('Attestato di formazione');
    expect(documentLabelOf(entity({ meta: { generated: { documentType: 'quotation' } } }))).toBeUndefined();
    expect(documentLabelOf(entity({ meta: {} }))).toBeUndefined();
  });

  it('names one document in the subject, counts several', () => {
    const one = documentsReadyMessage({ recipientName: '', url: 'u', documents: [{ label: 'Rapporto di intervento', fileName: 'Rapporto INT-1.pdf', recordLabel: 'Intervento', recordTitle: 'INT-1' }] });
    expect(one.subject).toBe('Documento pronto: Rapporto di intervento');
    expect(one.text).toContain('- Rapporto di intervento: Rapporto INT-1.pdf (Intervento: INT-1)');
    const two = documentsReadyMessage({ recipientName: 'Anna', url: 'u', documents: [1, 2].map((n) => ({ label: 'Attestato di formazione', fileName: `A${n}.pdf`, recordLabel: '', recordTitle: '' })) });
    expect(two.subject).toBe('Documenti pronti: 2 nuovi documenti');
    expect(two.text).toContain('- Attestato di formazione: A2.pdf\n');
  });
});

describe('«Scadenze entro 30 giorni»', () => {
  const deadline = (deadlineDate: string, extra: Record<string, unknown> = {}) => entity({ deadlineDate, module: 'fire', ...extra }, { activityName: 'Controllo estintori', targetName: 'EST-01' });

  it('groups by site and module, marks the overdue ones, gives the norm and the reason', () => {
    const { subject, text } = deadlineDigestMessage({
      recipientName: 'Anna', customerName: 'Officine Srl', today: '2026-12-01', url: 'https://g/customers/c/portal', more: 0,
      groups: [{ siteName: 'Magazzino', moduleLabel: 'Antincendio', deadlines: [
        deadline('2026-11-20', { rule: { kind: 'controlloPeriodico', months: 6, from: 'lastExecution', norm: 'UNI 9994-1', edition: '2013' } }),
        deadline('2026-12-15', { postponeReason: 'Cliente chiuso per ferie' }),
      ] }],
    });
    expect(subject).toBe('Scadenze entro 30 giorni: 2 scadenze (1 scaduta)');
    expect(text).toContain('ecco le scadenze di Officine Srl ancora da eseguire entro il 31/12/2026, comprese quelle già scadute:');
    expect(text).toContain('Magazzino – Antincendio\n- 20/11/2026 (scaduta): Controllo estintori – EST-01 – Controllo periodico, norma UNI 9994-1:2013\n- 15/12/2026: Controllo estintori – EST-01 – rinviata: Cliente chiuso per ferie');
  });

  it('runs from the configured hour, on working days, once a day in a process; never when off', async () => {
    const options = { hour: 7, log: { error: vi.fn() } } as unknown as DeadlineDigestOptions;
    const digest = new DeadlineDigest(options);
    const run = vi.spyOn(digest, 'run').mockResolvedValue([]);
    digest.tick(new Date('2026-12-01T05:30:00Z')); // 06:30 in Rome: too early
    digest.tick(new Date('2026-12-05T09:00:00Z')); // a Saturday
    digest.tick(new Date('2026-12-08T09:00:00Z')); // Immacolata
    expect(run).not.toHaveBeenCalled();
    digest.tick(new Date('2026-12-01T06:05:00Z'));
    await digest.stop();
    digest.tick(new Date('2026-12-01T15:00:00Z'));
    await digest.stop();
    expect(run.mock.calls).toEqual([['2026-12-01']]);
    const off = new DeadlineDigest({ ...options, hour: null });
    const never = vi.spyOn(off, 'run').mockResolvedValue([]);
    off.tick(new Date('2026-12-01T10:00:00Z'));
    expect(never).not.toHaveBeenCalled();
  });
});
