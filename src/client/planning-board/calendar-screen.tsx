/**
 * The calendar route's screen, a small chunk of its own: the board's reads start as it renders
 * (board-data.ts), and the board itself (its code loaded on demand) renders in the task after:
 * a request leaves once the task that asked it ends, and the board's first render is not short.
 */
import { startTransition, useLayoutEffect, useState } from 'react';
import { useBoardPrefetch } from './board-data.ts';
import { lazyComponent } from '../lazy-component.ts';

const PlanningBoard = lazyComponent(() => import('./planning-board.tsx'));

export default function CalendarScreen({ moduleName }: { moduleName: string }) {
  useBoardPrefetch(moduleName);
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => startTransition(() => setShown(true)), []);
  return shown ? <PlanningBoard moduleName={moduleName} /> : null;
}
