/**
 * Which lists of a customer's documents (issue 22, issue 26 §5) a reader has, from what it may read:
 * the documents section shows them, and the portal offers «Documenti» when there is any.
 */

import { modulesAllowed } from '../../domain/routes.ts';

/**
 * `readable(type)`: whether the reader may read the kind `type` at all; `allowedModules`: the reader's
 * modules (SPEC §6; empty: every module), since a reader without training (edu) has no certificates.
 */
export function customerDocumentSections(readable: (type: string) => boolean, allowedModules: readonly string[] = []) {
  return {
    /** Its employees' course certificates (files stored with each employee): the training module's. */
    certificates: readable('media') && readable('employees') && modulesAllowed(['edu'], allowedModules),
    /** The reports of its concluded interventions. */
    reports: readable('assignments'),
    /** The register of fire-protection checks. */
    register: readable('equipments') && readable('checks'),
    /** Its orders, each with its «Conferma d'ordine». */
    orders: readable('orders'),
    /** Its issued, accepted and refused quotations: their PDF, or at least the copies signed online. */
    quotations: readable('quotations') && (readable('quotationProducts') || readable('media')),
    /** A quotation's PDF prints its lines. */
    quotationPdfs: readable('quotations') && readable('quotationProducts'),
    /** The signed copy of a quotation signed online (a file of the quotation). */
    signedCopies: readable('quotations') && readable('media'),
  };
}

export type CustomerDocumentSections = ReturnType<typeof customerDocumentSections>;

/** Whether the reader has any list of documents. */
export function hasCustomerDocuments(sections: CustomerDocumentSections): boolean {
  return sections.certificates || sections.reports || sections.register || sections.orders || sections.quotations;
}
