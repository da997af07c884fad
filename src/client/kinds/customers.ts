/**
 * Customers: the SPEC §7 `have[…]` filters, first in record search, pages per allowed module. A
 * stored customer opens in the customer page (overview of its figures, then its sections as tabs:
 * registry, office locations, quotations, orders, interventions, equipment, deadlines, employees,
 * files, contacts, settings), loaded on demand; a new one (or a new office location of one) opens
 * with the same registry fields.
 */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const CustomerPage = lazyComponent(async () => ({ default: (await import('../customer-page/customer-page.tsx')).CustomerPage }));
const NewCustomer = lazyComponent(async () => ({ default: (await import('../customer-page/customer-page.tsx')).NewCustomer }));

export const customers: KindModule = {
  type: 'customers',
  extraFilters: [
    { group: 'have', name: 'commercialOffer', kind: 'boolean' },
    { group: 'have', name: 'priceList', kind: 'boolean' },
  ],
  search: { subject: 'customer', order: 0 },
  // «Registra contatto» asks what the contact was (loaded with its first use: the customer page's chunk has the rest of the contact texts).
  actionForms: { logContact: lazyComponent(() => import('../customer-page/log-contact-form.tsx')) },
  // A customer's office locations inside its page: where each is, then (for staff; a customer user may not read them) its commercial terms.
  childColumns: ['city', 'province', 'type', 'origin', 'commercialPercentage', 'lastUpdatedDateTime'],
  // Below it, the folder tree of a customer whose featureFlags.hasMediaTree is on (nothing otherwise).
  screen: { create: NewCustomer, detail: CustomerPage, below: lazyComponent(() => import('../files/media-tree.tsx')) },
  // A customer's equipment, installation and deadline pages exist for the modules it has (all when none is set).
  paramValues(param, values, entity) {
    if (param !== 'moduleName') return values;
    const allowed = entity?.attributes.allowedModules;
    const own = Array.isArray(allowed) ? values.filter((value) => allowed.includes(value)) : [];
    return own.length > 0 ? own : values;
  },
};
