import { describe, expect, it } from 'vitest';
import { complianceSummaryText } from './compliance-badge.tsx';
import { intl, addMessages } from '../i18n/index.ts';
import trainingMessages from '../i18n/messages/training.ts';

addMessages(trainingMessages);
const format = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

describe('the compliance badge’s words', () => {
  it('says what needs doing, most urgent first, in Italian', () => {
    expect(complianceSummaryText({ required: 5, valid: 1, expiring: 1, expired: 1, missing: 2 }, format)).toBe('2 mancanti · 1 scaduta · 1 in scadenza');
    expect(complianceSummaryText({ required: 2, valid: 1, expiring: 0, expired: 0, missing: 1 }, format)).toBe('1 mancante');
  });

  it('says «in regola» with the number of courses when nothing is due', () => {
    expect(complianceSummaryText({ required: 3, valid: 3, expiring: 0, expired: 0, missing: 0 }, format)).toBe('In regola (3 corsi)');
    expect(complianceSummaryText({ required: 1, valid: 1, expiring: 0, expired: 0, missing: 0 }, format)).toBe('In regola (1 corso)');
  });
});
