import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { heldQualificationOf, systemTypeNames, technicianQualifications } from './technician-qualifications.ts';

const userId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
const parse = (attributes: Record<string, unknown>) => entitySchema(technicianQualifications).safeParse({ attributes, relationships: { userId } });

describe('technician qualifications', () => {
  it('needs at least one system type among the decree’s, a certifying body and the day obtained; a type listed twice is kept once', () => {
    const parsed = parse({ systemTypes: ['fireDoors', 'extinguishers', 'fireDoors'], certifyingBody: 'Ente', obtainedDate: '2026-01-10' });
    expect(parsed.success && parsed.data.attributes.systemTypes).toEqual(['fireDoors', 'extinguishers']);
    expect(parse({ systemTypes: [], certifyingBody: 'Ente', obtainedDate: '2026-01-10' }).success).toBe(false);
    expect(parse({ systemTypes: ['sprinkler'], certifyingBody: 'Ente', obtainedDate: '2026-01-10' }).success).toBe(false);
    expect(parse({ systemTypes: ['extinguishers'], certifyingBody: ' ', obtainedDate: '2026-01-10' }).success).toBe(false);
  });

  it('refuses a renewal deadline on or before the day obtained', () => {
    const parsed = parse({ systemTypes: ['extinguishers'], certifyingBody: 'Ente', obtainedDate: '2026-01-10', renewalDueDate: '2026-01-10' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['attributes', 'renewalDueDate']);
  });

  it('reads a stored qualification as the rule does, and names its types in the decree’s order', () => {
    expect(heldQualificationOf({ attributes: { systemTypes: ['hydrants', 'unknown'], obtainedDate: '2025-02-01', renewalDueDate: '' } }))
      .toEqual({ systemTypes: ['hydrants'], obtainedOn: '2025-02-01', renewalDue: null });
    expect(systemTypeNames(['fireDoors', 'extinguishers'])).toBe('Estintori, Porte e finestre tagliafuoco');
    expect(technicianQualifications.title({ attributes: { systemTypes: ['extinguishers'], renewalDueDate: '2031-01-10' }, metadata: {}, relationships: {} }))
      .toBe('Qualifica: Estintori (fino al 10/01/2031)');
  });
});
