/**
 * Orders: a new order is made with the SPEC §2 wizard, a stored one is shown by the order detail
 * (lines, deliveries, assignments); both loaded on demand, not the bare form.
 */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const OrderWizard = lazy(() => import('../screens/order-wizard.tsx').then((module) => ({ default: module.OrderWizard })));
const OrderDetail = lazy(() => import('../order-detail/order-detail.tsx').then((module) => ({ default: module.OrderDetail })));

export const orders: KindModule = {
  type: 'orders',
  screen: { create: OrderWizard, detail: OrderDetail },
  search: { subject: 'order', order: 2 },
};
