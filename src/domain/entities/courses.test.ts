import { describe, expect, it } from 'vitest';
import { entitySchema } from '../kind.ts';
import { messages } from '../validation.ts';
import { courses, trainingPlans } from './courses.ts';

const customerId = '0b8f2f0e-6a43-4d0e-9a39-0f6d6a2b8c11';
const courseId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const course = { code: 'RSPP-AGG', title: 'Aggiornamento RSPP', durationHours: 40 };
const parseCourse = (attributes: object) => entitySchema(courses).safeParse({ attributes });

describe('courses', () => {
  it('defaults to a standard base edu course, active', () => {
    expect(parseCourse(course).data?.attributes).toMatchObject({ type: 'standard', category: 'base', module: 'edu', isActive: true });
  });

  it('needs the credits of a credit-based course', () => {
    expect(parseCourse({ ...course, type: 'creditBased' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['attributes.credits', messages.required],
    ]);
    expect(parseCourse({ ...course, type: 'creditBased', credits: 8 }).success).toBe(true);
  });

  it('rounds the price to cents and refuses negative prices', () => {
    expect(parseCourse({ ...course, price: 120.456 }).data?.attributes.price).toBe(120.46);
    expect(parseCourse({ ...course, price: -1 }).success).toBe(false);
  });

  it('is strict', () => {
    expect(parseCourse({ ...course, hours: 4 }).success).toBe(false);
  });
});

describe('training plans', () => {
  const parsePlan = (attributes: object) => entitySchema(trainingPlans).safeParse({ attributes, relationships: { customerId } });

  it('corrects two-digit years (SPEC §5) and keeps employees of an item as a set', () => {
    const employeeId = '5a1d3c6e-2b7f-4c8a-9e0d-1f2a3b4c5d6e';
    const result = parsePlan({ year: 25, title: 'Piano', items: [{ courseId, employeeIds: [employeeId, employeeId], plannedDate: '2025-05-10' }] });
    expect(result.data?.attributes.year).toBe(2025);
    expect((result.data?.attributes.items as { employeeIds: string[] }[])[0]?.employeeIds).toEqual([employeeId]);
  });

  it('is strict', () => {
    expect(parsePlan({ year: 2025, title: 'Piano', items: [{ courseId, employees: [] }] }).success).toBe(false);
  });
});
