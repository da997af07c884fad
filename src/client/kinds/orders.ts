/**
 * Orders: a new order is made with the SPEC §2 wizard, a stored one is shown by the order detail
 * (lines, deliveries, assignments); both loaded on demand, not the bare form.
 */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const OrderWizard = lazyComponent(async () => ({ default: (await import('../screens/order-wizard.tsx')).OrderWizard }));
const OrderDetail = lazyComponent(async () => ({ default: (await import('../order-detail/order-detail.tsx')).OrderDetail }));

export const orders: KindModule = {
  type: 'orders',
  screen: { create: OrderWizard, detail: OrderDetail },
  search: { subject: 'order', order: 2 },
  actionForms: { deliver: lazyComponent(() => import('../order-detail/delivery-form.tsx')) },
  // t o …: ordine.
  transitionKeys: { kind: 'o', actions: { confirm: 'c', plan: 'p', unplan: 'u', start: 'a', complete: 's', cancel: 'n', reopen: 'o' } },
};
