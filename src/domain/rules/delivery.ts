/**
 * SPEC §5 delivery: when the quantity to deliver plus what was already delivered exceeds the
 * ordered quantity, the user is asked to confirm; on yes the ordered quantity becomes that sum.
 */

export interface DeliveryQuantities {
  ordered: number;
  alreadyDelivered: number;
  toDeliver: number;
}

export interface DeliveryCheck {
  /** The delivery goes beyond the order: ask the user before going on. */
  exceeds: boolean;
  /** How much beyond the order (0 when it does not exceed). */
  excess: number;
  /** The ordered quantity once the user confirms (unchanged when it does not exceed). */
  newOrderedQuantity: number;
}

// Quantities may be decimal (kg, lt): 0.1 + 0.2 must equal 0.3, not exceed it.
const clean = (quantity: number) => Number(quantity.toPrecision(12));

export function deliveryCheck({ ordered, alreadyDelivered, toDeliver }: DeliveryQuantities): DeliveryCheck {
  for (const [name, value] of Object.entries({ ordered, alreadyDelivered, toDeliver })) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`Quantità non valida (${name}): ${value}`);
  }
  const delivered = clean(alreadyDelivered + toDeliver);
  const exceeds = delivered > clean(ordered);
  return { exceeds, excess: exceeds ? clean(delivered - ordered) : 0, newOrderedQuantity: exceeds ? delivered : ordered };
}
