import { describe, expect, it } from 'vitest';
import { kindList } from '../../domain/kinds.ts';
import { deliveryRequest } from '../../domain/entities/orders.ts';
import { kindModule } from '../kinds/index.ts';
import { deliveryBody, parseQuantity } from '../order-detail/delivery-form.tsx';

describe('custom action body forms', () => {
  it('every action declared with a body has its form on its kind module (and no form is left without its action)', () => {
    const withBody = kindList.flatMap((kind) => Object.entries(kind.actions ?? {}).filter(([, definition]) => definition.body).map(([name]) => `${kind.type}.${name}`));
    expect(withBody).toContain('orders.deliver');
    const declared = kindList.flatMap((kind) => Object.keys(kindModule(kind.type).actionForms ?? {}).map((action) => `${kind.type}.${action}`));
    expect(declared.sort()).toEqual(withBody.sort());
  });

  it('reads Italian quantities and builds the delivery body the domain schema accepts', () => {
    expect(parseQuantity('2,5')).toBe(2.5);
    expect(parseQuantity(' 3 ')).toBe(3);
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity('-1')).toBeNaN();
    expect(parseQuantity('due')).toBeNaN();
    const body = deliveryBody(['', '2,5', '0', '1']);
    expect(body).toEqual({ deliveries: [{ line: 1, quantity: 2.5 }, { line: 3, quantity: 1 }], confirmExcess: false });
    expect(deliveryRequest.safeParse(body).success).toBe(true);
    expect(deliveryBody(['', '0'])).toEqual({ empty: true });
    expect(deliveryBody(['1', 'x'])).toEqual({ invalidLine: 1 });
  });
});
