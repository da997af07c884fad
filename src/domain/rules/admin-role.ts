/**
 * Who is a system administrator (SPEC §6): the users holding the role named `ADMIN_ROLE_NAME`. No
 * imports: the shell asks it before any screen loads, and must not bring zod into the initial bundle.
 */

/**
 * The name of the role that makes its users system administrators. SPEC §6 calls it «Admin»; the
 * product names its roles in Italian (issue 23), and 0030-admin-role-name renamed the stored one.
 */
export const ADMIN_ROLE_NAME = 'Amministratore';

/** SPEC §6: the administrators' role (`ADMIN_ROLE_NAME`, exact name) marks a system administrator. */
export function isAdmin(identity: { roles?: readonly { name: string }[] | null }): boolean {
  return (identity.roles ?? []).some((role) => role.name === ADMIN_ROLE_NAME);
}
