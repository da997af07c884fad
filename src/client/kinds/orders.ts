/** Orders: a new order is made with the SPEC §2 wizard (loaded on demand), not the bare form. */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const OrderWizard = lazy(() => import('../screens/order-wizard.tsx').then((module) => ({ default: module.OrderWizard })));

export const orders: KindModule = {
  type: 'orders',
  screen: { create: OrderWizard },
  search: { subject: 'order', order: 2 },
};
