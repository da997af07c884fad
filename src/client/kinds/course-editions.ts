/** Course editions: a stored edition opens its own screen (sessions, participants' attendance grid, outcomes, certificates). */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const CourseEditionDetail = lazy(() => import('../course-editions/course-edition-detail.tsx').then((module) => ({ default: module.CourseEditionDetail })));

export const courseEditions: KindModule = {
  type: 'courseEditions',
  screen: { detail: CourseEditionDetail },
  search: { subject: 'course', order: 9 },
};
