import { describe, expect, it } from 'vitest';
import { activeOwnPriceList, customerFigures, isAgreementActive, isAgreementExpiring } from './customer-figures.ts';

const today = '2026-06-15';

describe('customer figures', () => {
  it('counts agreements in force and those ending within 30 days', () => {
    expect(isAgreementActive({ startDate: '2026-01-01' }, today)).toBe(true);
    expect(isAgreementActive({ startDate: '2026-01-01', endDate: '2026-06-14' }, today)).toBe(false);
    expect(isAgreementActive({ startDate: '2026-06-16' }, today)).toBe(false);
    expect(isAgreementActive({ startDate: '2026-01-01', isActive: false }, today)).toBe(false);
    expect(isAgreementExpiring({ startDate: '2026-01-01', endDate: '2026-07-15' }, today)).toBe(true);
    expect(isAgreementExpiring({ startDate: '2026-01-01', endDate: '2026-07-16' }, today)).toBe(false);
    expect(isAgreementExpiring({ startDate: '2026-01-01' }, today)).toBe(false);
  });

  it('takes the named active list when valid, else the newest valid own list', () => {
    const lists = [
      { id: 'old', code: 'A', name: 'Vecchio', validFrom: '2025-01-01', validTo: '2025-12-31' },
      { id: 'now', code: 'B', name: 'Attuale', validFrom: '2026-01-01', validTo: '2026-12-31' },
      { id: 'open', code: 'C', name: 'Aperto', validFrom: '2025-06-01' },
    ];
    expect(activeOwnPriceList({ activePriceListId: 'open' }, lists, today)?.id).toBe('open');
    expect(activeOwnPriceList({ activePriceListId: 'old' }, lists, today)?.id).toBe('now');
    expect(activeOwnPriceList({}, [], today)).toBeUndefined();
  });

  it('counts pending deadlines by the worklist windows and finds the next one from today', () => {
    const figures = customerFigures({
      customer: {},
      priceLists: [],
      agreements: [],
      officeLocationsCount: 3,
      deadlines: [
        { deadlineDate: '2026-06-14' }, { deadlineDate: '2026-01-01' }, { deadlineDate: '2026-06-10', isExecuted: true },
        { deadlineDate: '2026-06-15' }, { deadlineDate: '2026-07-15' }, { deadlineDate: '2026-07-16' }, { deadlineDate: '2026-06-20', isEnded: true },
      ],
      today,
    });
    expect(figures).toMatchObject({ officeLocationsCount: 3, expiredPhysicalActivitiesCount: 2, expiringPhysicalActivitiesCount: 2, nextExpirePhysicalActivity: '2026-06-15', activePriceListName: null });
  });
});
