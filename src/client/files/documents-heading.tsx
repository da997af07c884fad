/**
 * The customer documents' list headings («Rapporti d’intervento», «Ordini»…): h4 under the customer
 * page's «Documenti» (an h3 of its files section), h2 on the portal's «Documenti» page, whose h1
 * already names the whole.
 */
import { createContext, useContext, type ReactNode } from 'react';

export const DocumentsHeadingLevel = createContext<'h2' | 'h4'>('h4');

export function DocumentsHeading({ id, children }: { id: string; children: ReactNode }) {
  return useContext(DocumentsHeadingLevel) === 'h2' ? <h2 id={id}>{children}</h2> : <h4 id={id}>{children}</h4>;
}
