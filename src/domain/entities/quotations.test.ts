import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { quotationRevisions, quotations } from './quotations.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const agreementId = '1e4a2b3c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const mediaId = '6f1e2d3c-4b5a-4697-8877-665544332211';
const quotation = { date: '2025-03-10' };
const parse = (attributes: object, relationships: object = {}) =>
  entitySchema(quotations).safeParse({ attributes, relationships: { customerId, ...relationships } });
const issues = (result: ReturnType<typeof parse>) =>
  (result.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

describe('quotations', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-15T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('starts as a draft at revision 0, with indicative planning and no attachments', () => {
    expect(parse(quotation).data?.attributes).toMatchObject({ status: 'draft', revisionNumber: 0, planning: 'indicative', attachments: [] });
    expect(parse(quotation).data?.relationships).toMatchObject({ supplierIds: [], commercialAgreementIds: [] });
  });

  it('needs a customer and a writing date', () => {
    expect(issues(entitySchema(quotations).safeParse({ attributes: {} }))).toEqual([
      { path: 'attributes.date', message: messages.required },
      { path: 'relationships.customerId', message: messages.required },
    ]);
  });

  it('SPEC §5: works start before they close, and close after they start', () => {
    expect(issues(parse({ ...quotation, worksStartDate: '2025-05-02', worksCloseDate: '2025-05-01' }))).toEqual([
      { path: 'attributes.worksStartDate', message: messages.startBeforeClose },
      { path: 'attributes.worksCloseDate', message: messages.closeAfterStart },
    ]);
    expect(issues(parse({ ...quotation, worksStartDate: '2025-05-01', worksCloseDate: '2025-05-01' }))).toEqual([]);
  });

  it('SPEC §5: the writing date is today or in the past', () => {
    expect(issues(parse({ date: '2025-03-16' }))).toEqual([{ path: 'attributes.date', message: messages.notInFuture }]);
    expect(issues(parse({ date: '2025-03-15' }))).toEqual([]);
  });

  it('takes today as the day in Rome, not the UTC day', () => {
    vi.setSystemTime(new Date('2025-03-15T23:30:00Z')); // 00:30 on 16 March in Rome
    expect(issues(parse({ date: '2025-03-16' }))).toEqual([]);
  });

  it('SPEC §5: the expiry follows the writing date', () => {
    expect(issues(parse({ ...quotation, expiryDate: '2025-03-10' }))).toEqual([{ path: 'attributes.expiryDate', message: messages.expiryAfterWriting }]);
    expect(issues(parse({ ...quotation, expiryDate: '2025-04-09', validity: '30d' }))).toEqual([]);
  });

  it('SPEC §5: the validity ends after it starts', () => {
    const validity = { validityDateTimeStart: '2025-04-01T00:00:00+02:00', validityDateTimeEnd: '2025-03-31T00:00:00+02:00' };
    expect(issues(parse({ ...quotation, ...validity }))).toEqual([{ path: 'attributes.validityDateTimeEnd', message: messages.validityEndAfterStart }]);
  });

  it('SPEC §5: validity dates are required when the quotation has commercial agreements', () => {
    const withAgreement = { commercialAgreementIds: [agreementId] };
    expect(issues(parse(quotation, withAgreement))).toEqual([
      { path: 'attributes.validityDateTimeStart', message: messages.validityRequired },
      { path: 'attributes.validityDateTimeEnd', message: messages.validityRequired },
    ]);
    const validity = { validityDateTimeStart: '2025-04-01T00:00:00+02:00', validityDateTimeEnd: '2025-12-31T23:59:59+01:00' };
    expect(issues(parse({ ...quotation, ...validity }, withAgreement))).toEqual([]);
    expect(issues(parse(quotation))).toEqual([]);
  });

  it('SPEC §5: corrects years outside 1900–2099 before checking', () => {
    expect(parse({ date: '25-03-10' }).data?.attributes.date).toBe('2025-03-10');
  });

  it('keeps attachments typed, so accepting can look for the signed quotation', () => {
    const attachment = { mediaId, kind: 'signedQuotation', name: 'Preventivo firmato.pdf' };
    const result = parse({ ...quotation, attachments: [attachment] });
    expect(result.data?.attributes.attachments).toEqual([attachment]);
    expect(quotations.derivedMetadata(result.data as never)).toEqual({ attachmentMediaIds: [mediaId] });
    expect(parse({ ...quotation, attachments: [{ ...attachment, kind: 'invoice' }] }).success).toBe(false);
    expect(parse({ ...quotation, attachments: [{ ...attachment, size: 10 }] }).success).toBe(false);
  });

  it('rejects unknown statuses, validity options and plannings', () => {
    expect(parse({ ...quotation, status: 'sent' }).success).toBe(false);
    expect(parse({ ...quotation, validity: '90d' }).success).toBe(false);
    expect(parse({ ...quotation, planning: 'optional' }).success).toBe(false);
  });

  it('does not let clients write the totals the server derives', () => {
    const result = entitySchema(quotations).safeParse({ attributes: quotation, metadata: { totalNetPrice: 1 }, relationships: { customerId } });
    expect(result.error?.issues.map((issue) => issue.code)).toEqual(['unrecognized_keys']);
  });

  it('is titled by code and title, or as a new quotation for its customer', () => {
    const titled = parse({ ...quotation, code: 'PRV-2025-00042', title: 'Manutenzione estintori' }).data;
    expect(quotations.title(titled as never)).toBe('PRV-2025-00042 – Manutenzione estintori');
    const untitled = { ...parse(quotation).data, metadata: { customerName: 'Rossi S.p.A.' } };
    expect(quotations.title(untitled as never)).toBe('Nuovo preventivo – Rossi S.p.A.');
  });
});

describe('quotation revisions', () => {
  const quotationId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
  const parseRevision = (attributes: object) => entitySchema(quotationRevisions).safeParse({ attributes, relationships: { quotationId } });

  it('freezes the quotation as it was, whatever its shape', () => {
    const snapshot = { attributes: { code: 'PRV-2025-00042', status: 'issued' }, relationships: { customerId } };
    const result = parseRevision({ revisionNumber: 1, reason: 'Sconto rivisto', snapshot, createdFromStatus: 'issued' });
    expect(result.data?.attributes.snapshot).toEqual(snapshot);
    expect(quotationRevisions.title(result.data as never)).toBe('Revisione 1');
  });

  it('goes with its quotation when the quotation is deleted', () => {
    expect(quotationRevisions.references['relationships.quotationId']).toEqual({ target: 'quotations', owned: true });
    expect(parseRevision({ revisionNumber: -1 }).success).toBe(false);
  });
});
