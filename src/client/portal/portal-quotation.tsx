/**
 * One quotation as its customer reads it in the portal (issue 26 §3): a document, not the office's
 * editor. Its state in the customer's words, date, validity and site; its lines (sections as headings,
 * notes as text, optional items marked and left out of the totals) with the totals the PDF prints; the
 * PDF itself; then «Approva e firma» when the reader may sign it, else what was answered. Staff open it
 * read-only, to see what the customer's users see.
 */
import { useQuery } from '@tanstack/react-query';
import { subject as asSubject } from '@casl/ability';
import { useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { lineDiscountText } from '../../domain/rules/pricing.ts';
import { ApiProblem } from '../api/http.ts';
import { listKey, recordKey, records } from '../data/index.ts';
import { downloadDocument } from '../files/customer-documents.tsx';
import { enumLabel, formatMoney, formatValue } from '../forms/format.ts';
import SignaturePanel, { SignatureOutcome } from '../quotation-editor/signature-panel.tsx';
import { lineAmounts, linesFromEntities, quotationTotals, type LineDraft } from '../quotation-editor/lines.ts';
import { loadQuotationLines } from '../quotation-editor/load-lines.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from '../shell/app-link.tsx';
import { useTabTitle } from '../workspace/tab-context.ts';
import { failureText } from './portal-compliance.tsx';
import { useCustomer } from './portal-data.ts';
import { RECEIVED_STATES } from './portal-quotations.tsx';
import { portalUrl, quotationStateText } from './portal-texts.ts';
import './portal-styles.ts';

export default function PortalQuotation({ customerId, quotationId, staffView }: { customerId: string; quotationId: string; staffView: boolean }) {
  const intl = useIntl();
  const { ability } = useSession();
  const customer = useCustomer(customerId);
  const quotation = useQuery({ queryKey: recordKey('quotations', quotationId), queryFn: ({ signal }) => records.get('quotations', quotationId, signal) });
  // The same read (and cache) as the editor's: every line, in order, with the fields the reader may read.
  const lineRows = useQuery({ queryKey: listKey('quotationProducts', { quotationId, all: true }), queryFn: ({ signal }) => loadQuotationLines(quotationId, signal) });
  const siteId = quotation.data?.relationships.officeLocationId;
  const site = useQuery({
    queryKey: recordKey('customers', typeof siteId === 'string' ? siteId : ''),
    queryFn: ({ signal }) => records.get('customers', siteId as string, signal),
    enabled: typeof siteId === 'string',
  });
  const lines = useMemo(() => (lineRows.data ? linesFromEntities(lineRows.data) : undefined), [lineRows.data]);
  const stored = quotation.data;
  const subject = useMemo(() => (stored ? asSubject('quotation', { ...stored } as Record<string, unknown>) : undefined), [stored]);
  // Once signed here, the panel stays to say so (with the order made), though the quotation is no longer to sign.
  const [signedHere, setSignedHere] = useState(false);
  // Once refused here, the outcome replacing the panel takes the focus (the panel and its button are gone).
  const [refusedHere, setRefusedHere] = useState(false);
  const code = String(stored?.attributes.code ?? '');
  useTabTitle(intl.formatMessage({ id: 'portal.quotation.tabTitle' }, { code: code || intl.formatMessage({ id: 'portal.nav.quotations' }) }));

  const back = <p><AppLink href={`${portalUrl(customerId)}/quotations`}><FormattedMessage id="portal.quotation.back" /></AppLink></p>;
  const error = quotation.error ?? lineRows.error;
  // Another customer's quotation is not this reader's to know of: the server answers 404 (or 403), staff see it is not this customer's.
  const notFound = (error instanceof ApiProblem && (error.status === 404 || error.status === 403))
    || (stored !== undefined && (stored.relationships.customerId !== customerId || !(RECEIVED_STATES as readonly unknown[]).includes(stored.attributes.status)));
  if (notFound) return <section className="portal portal-quotation">{back}<p role="alert"><FormattedMessage id="portal.quotation.notFound" /></p></section>;
  if (error) return <section className="portal portal-quotation">{back}<p role="alert"><FormattedMessage id="portal.quotation.failed" values={{ reason: failureText(error) }} /></p></section>;
  if (!stored || !lines) return <p role="status"><FormattedMessage id="portal.quotation.loading" /></p>;

  const a = stored.attributes;
  const customerName = String(customer.data?.metadata.displayName ?? '');
  const siteName = site.data ? String(site.data.metadata.displayName ?? '').replace(`${customerName} – `, '') : undefined;
  const canSign = !staffView && a.status === 'issued' && subject !== undefined && ability.can('sign', subject);
  return (
    <section className="portal portal-quotation" aria-labelledby="portal-quotation-title" data-quotation={stored.id}>
      {back}
      <h1 id="portal-quotation-title" className="screen-title">
        <FormattedMessage id="portal.quotation.title" values={{ code }} />{a.title ? ` – ${String(a.title)}` : ''}
      </h1>
      {staffView && <p className="portal-staff-note" role="note"><FormattedMessage id="portal.staffView" /></p>}
      <dl className="portal-quotation-facts">
        <Fact label="portal.quotation.state"><span className="portal-quotation-state" data-state={String(a.status ?? '')}>{quotationStateText(intl, a.status)}</span></Fact>
        {a.date !== undefined && <Fact label="portal.quotation.date">{formatValue(a.date, 'date')}</Fact>}
        {a.expiryDate !== undefined && <Fact label="portal.quotation.expiry">{formatValue(a.expiryDate, 'date')}</Fact>}
        {siteName && <Fact label="portal.quotation.site">{siteName}</Fact>}
      </dl>
      <div className="portal-quotation-actions">
        <DownloadPdf id={stored.id} code={code} />
      </div>
      <QuotationLines lines={lines} />
      {typeof a.notes === 'string' && a.notes.trim() !== '' && (
        <section className="portal-quotation-notes" aria-labelledby="portal-quotation-notes">
          <h2 id="portal-quotation-notes"><FormattedMessage id="portal.quotation.notes" /></h2>
          <p>{a.notes}</p>
        </section>
      )}
      {canSign || signedHere
        ? <SignaturePanel stored={stored} lines={lines} onSigned={() => setSignedHere(true)} onRefused={() => setRefusedHere(true)} />
        : <SignatureOutcome stored={stored} takeFocus={refusedHere} />}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt><FormattedMessage id={label} /></dt>
      <dd>{children}</dd>
    </div>
  );
}

/** «Scarica il PDF»: the quotation printed by the server (so it is in the customer's download log). */
function DownloadPdf({ id, code }: { id: string; code: string }) {
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    setProblem(undefined);
    downloadDocument('quotations', id, `${code || 'Preventivo'}.pdf`)
      .catch((error: unknown) => setProblem(failureText(error)))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" onClick={download} disabled={busy}><FormattedMessage id="portal.quotation.download" /></button>
      {problem && <p role="alert" className="form-error"><FormattedMessage id="portal.quotation.downloadFailed" values={{ reason: problem }} /></p>}
    </>
  );
}

/** Each line's number as the PDF prints it: products counted in order, sections and notes unnumbered (0). */
function productNumbers(lines: readonly LineDraft[]): number[] {
  const numbers: number[] = [];
  let count = 0;
  for (const line of lines) {
    if (line.kind === 'product') count += 1;
    numbers.push(line.kind === 'product' ? count : 0);
  }
  return numbers;
}

const COLUMNS = ['number', 'description', 'quantity', 'unit', 'unitPrice', 'discount', 'amount'] as const;
const NUMERIC = new Set<string>(['quantity', 'unitPrice', 'discount', 'amount']);

/** The lines as the PDF prints them: products numbered with their amounts, sections and notes as text, then the totals. */
function QuotationLines({ lines }: { lines: readonly LineDraft[] }) {
  const intl = useIntl();
  const totals = quotationTotals(lines);
  const label = (column: string) => intl.formatMessage({ id: `portal.quotation.column.${column}` });
  const hasOptional = lines.some((line) => line.kind === 'product' && line.isOptional);
  const numbers = useMemo(() => productNumbers(lines), [lines]);
  return (
    <section className="portal-quotation-lines" aria-labelledby="portal-quotation-lines">
      <h2 id="portal-quotation-lines"><FormattedMessage id="portal.quotation.lines" /></h2>
      {lines.length === 0 ? <p><FormattedMessage id="portal.quotation.noLines" /></p> : (
        <div className="portal-table-scroll">
          <table className="portal-quotation-table" aria-labelledby="portal-quotation-lines">
            <thead>
              <tr>{COLUMNS.map((column) => <th key={column} scope="col" className={NUMERIC.has(column) ? 'portal-amount' : undefined}>{label(column)}</th>)}</tr>
            </thead>
            <tbody>
              {lines.map((line, index) => {
                if (line.kind === 'section') {
                  return <tr key={line.key} className="portal-quotation-section"><th scope="colgroup" colSpan={COLUMNS.length}>{line.description}</th></tr>;
                }
                if (line.kind === 'note') {
                  return <tr key={line.key} className="portal-quotation-note"><td colSpan={COLUMNS.length}>{line.description}</td></tr>;
                }
                const amounts = lineAmounts(line);
                return (
                  <tr key={line.key} data-line={line.id} data-optional={line.isOptional || undefined}>
                    <td data-label={label('number')}>{numbers[index]}</td>
                    <th scope="row" data-label={label('description')}>
                      {line.description}
                      {line.isOptional && <> <span className="portal-quotation-optional"><FormattedMessage id="portal.quotation.optional" /></span></>}
                    </th>
                    <td className="portal-amount" data-label={label('quantity')}>{formatValue(line.quantity, 'number')}</td>
                    <td data-label={label('unit')}>{line.unitOfMeasure ? enumLabel(line.unitOfMeasure) : ''}</td>
                    <td className="portal-amount" data-label={label('unitPrice')}>{line.unitPrice !== undefined ? formatMoney(line.unitPrice) : ''}</td>
                    <td className="portal-amount" data-label={label('discount')}>{lineDiscountText(line)}</td>
                    <td className="portal-amount" data-label={label('amount')}>{amounts ? formatMoney(amounts.netTotal) : ''}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {hasOptional && <p className="form-hint"><FormattedMessage id="portal.quotation.optionalHint" /></p>}
      <dl className="portal-quotation-totals" aria-label={intl.formatMessage({ id: 'portal.quotation.totals' })}>
        <div data-total="list"><dt><FormattedMessage id="portal.quotation.totalList" /></dt><dd>{formatMoney(totals.listTotal)}</dd></div>
        <div data-total="discount"><dt><FormattedMessage id="portal.quotation.totalDiscount" /></dt><dd>{formatMoney(totals.totalDiscount)}</dd></div>
        <div data-total="net"><dt><FormattedMessage id="portal.quotation.totalNet" /></dt><dd><FormattedMessage id="portal.quotation.vat" values={{ amount: formatMoney(totals.netTotal) }} /></dd></div>
      </dl>
    </section>
  );
}
