/** Course editions: a stored edition opens its own screen (sessions, participants' attendance grid, outcomes, certificates). */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const CourseEditionDetail = lazyComponent(async () => ({ default: (await import('../course-editions/course-edition-detail.tsx')).CourseEditionDetail }));

export const courseEditions: KindModule = {
  type: 'courseEditions',
  screen: { detail: CourseEditionDetail },
  search: { subject: 'course', order: 9 },
  // t e …: edizione del corso.
  transitionKeys: { kind: 'e', actions: { start: 'a', close: 'c', cancel: 'n' } },
};
