/** Training plans: a stored plan opens its own screen (the courses planned with their editions, and what the customer's employees still miss). */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const TrainingPlanScreen = lazyComponent(async () => ({ default: (await import('../training/training-plan-screen.tsx')).TrainingPlanScreen }));

export const trainingPlans: KindModule = {
  type: 'trainingPlans',
  screen: { detail: TrainingPlanScreen },
};
