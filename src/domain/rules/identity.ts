/**
 * SPEC §4/§6 effective access of a signed-in identity (the impersonated one while impersonating):
 * which modules it sees and which customers' data it may reach.
 */
import { modules, type ModuleName } from '../enum-values.ts';

/** The part of an identity (SPEC §3) these rules read. */
export interface IdentityAccessShape {
  userType: 'external' | 'siv' | 'customer';
  allowedModules?: readonly ModuleName[] | null;
  customerId?: string | null;
  allowedCustomerIds?: readonly string[] | null;
}

/** Customers get exactly their own modules; staff get theirs, or every module when none is listed. */
export function effectiveAllowedModules(identity: IdentityAccessShape): ModuleName[] {
  const own = [...new Set(identity.allowedModules ?? [])];
  if (identity.userType === 'customer') return own;
  return own.length > 0 ? own : [...modules];
}

/** Whether the identity may open a module (SPEC §6 "staff see modules per allowedModules"). */
export function canUseModule(identity: IdentityAccessShape, module: ModuleName): boolean {
  return effectiveAllowedModules(identity).includes(module);
}

/** Customers reach only their own customer; everybody else the customers listed for them. */
export function effectiveAllowedCustomerIds(identity: IdentityAccessShape): string[] {
  if (identity.userType === 'customer') return identity.customerId ? [identity.customerId] : [];
  return [...new Set(identity.allowedCustomerIds ?? [])];
}

export { ADMIN_ROLE_NAME, isAdmin } from './admin-role.ts';
