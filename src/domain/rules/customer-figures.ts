/**
 * The figures SPEC §3 derives on a customer (metadata activePriceListName, priceListNr,
 * priceListExpireDate, activeAgreementCount, expiringAgreementCount, officeLocationsCount,
 * expiredPhysicalActivitiesCount, expiringPhysicalActivitiesCount, nextExpirePhysicalActivity),
 * from its own rows and the business day. One rule: the server stores them on the customer when a
 * related row changes and computes them again when the customer is read; the deadline windows are
 * the worklist's (`filter[due]=expired`, `next30`), so the overview and the filtered lists agree.
 */
import { addDays } from './calendar.ts';
import { dueWindowRange } from './maintenance-rules.ts';
import { isPriceListValid } from './pricing.ts';

/** Days ahead in which an agreement's end makes it "expiring" (the same window as the deadlines' `next30`). */
export const AGREEMENT_EXPIRING_DAYS = 30;

export interface FigureCustomer {
  activePriceListId?: string | null;
}

export interface FigurePriceList {
  id: string;
  code: string;
  name: string;
  validFrom?: string | null;
  validTo?: string | null;
}

export interface FigureAgreement {
  isActive?: boolean;
  startDate: string;
  endDate?: string | null;
}

export interface FigureDeadline {
  deadlineDate: string;
  isExecuted?: boolean;
  isEnded?: boolean;
}

export interface CustomerFigures {
  activePriceListName: string | null;
  priceListNr: string | null;
  priceListExpireDate: string | null;
  activeAgreementCount: number;
  expiringAgreementCount: number;
  officeLocationsCount: number;
  expiredPhysicalActivitiesCount: number;
  expiringPhysicalActivitiesCount: number;
  nextExpirePhysicalActivity: string | null;
}

/** The metadata keys of the figures (what the server writes, never the caller). */
export const customerFigureKeys = [
  'activePriceListName', 'priceListNr', 'priceListExpireDate', 'activeAgreementCount', 'expiringAgreementCount',
  'officeLocationsCount', 'expiredPhysicalActivitiesCount', 'expiringPhysicalActivitiesCount', 'nextExpirePhysicalActivity',
] as const;

/** In force on `today`: active, started, and not ended (an open end runs until cancelled). */
export function isAgreementActive(agreement: FigureAgreement, today: string): boolean {
  return agreement.isActive !== false && agreement.startDate <= today && (!agreement.endDate || agreement.endDate >= today);
}

/** In force and ending within AGREEMENT_EXPIRING_DAYS (both days included). */
export function isAgreementExpiring(agreement: FigureAgreement, today: string): boolean {
  return isAgreementActive(agreement, today) && !!agreement.endDate && agreement.endDate <= addDays(today, AGREEMENT_EXPIRING_DAYS);
}

/** Still to do: neither executed nor ended. */
export function isDeadlinePending(deadline: FigureDeadline): boolean {
  return deadline.isExecuted !== true && deadline.isEnded !== true;
}

/**
 * The customer's price list in force: the one it names as active when valid today, else its newest
 * valid own list (the first step of the pricing rule, restricted to the customer's own lists).
 */
export function activeOwnPriceList<T extends FigurePriceList>(customer: FigureCustomer, lists: readonly T[], today: string): T | undefined {
  const named = customer.activePriceListId ? lists.find((list) => list.id === customer.activePriceListId) : undefined;
  if (named && isPriceListValid(named, today)) return named;
  return lists
    .filter((list) => isPriceListValid(list, today))
    .sort((a, b) => String(b.validFrom ?? '').localeCompare(String(a.validFrom ?? '')) || a.id.localeCompare(b.id))[0];
}

export function customerFigures(input: {
  customer: FigureCustomer;
  priceLists: readonly FigurePriceList[];
  agreements: readonly FigureAgreement[];
  officeLocationsCount: number;
  deadlines: readonly FigureDeadline[];
  today: string;
}): CustomerFigures {
  const { customer, priceLists, agreements, deadlines, today } = input;
  const list = activeOwnPriceList(customer, priceLists, today);
  const expired = dueWindowRange('expired', today);
  const expiring = dueWindowRange('next30', today);
  const pending = deadlines.filter(isDeadlinePending);
  const upcoming = pending.map((d) => d.deadlineDate).filter((day) => day >= today).sort();
  return {
    activePriceListName: list?.name ?? null,
    priceListNr: list?.code ?? null,
    priceListExpireDate: list?.validTo ?? null,
    activeAgreementCount: agreements.filter((a) => isAgreementActive(a, today)).length,
    expiringAgreementCount: agreements.filter((a) => isAgreementExpiring(a, today)).length,
    officeLocationsCount: input.officeLocationsCount,
    expiredPhysicalActivitiesCount: pending.filter((d) => d.deadlineDate <= expired.to).length,
    expiringPhysicalActivitiesCount: pending.filter((d) => d.deadlineDate >= (expiring.from ?? today) && d.deadlineDate <= expiring.to).length,
    nextExpirePhysicalActivity: upcoming[0] ?? null,
  };
}
