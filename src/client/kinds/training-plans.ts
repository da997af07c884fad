/** Training plans: a stored plan opens its own screen (the courses planned with their editions, and what the customer's employees still miss). */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const TrainingPlanScreen = lazy(() => import('../training/training-plan-screen.tsx').then((module) => ({ default: module.TrainingPlanScreen })));

export const trainingPlans: KindModule = {
  type: 'trainingPlans',
  screen: { detail: TrainingPlanScreen },
};
