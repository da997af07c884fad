/**
 * A customer's office locations as the map of its overview shows them (issue 23): each with its name,
 * address and page, placed on the map when its registered office has coordinates, else listed apart.
 */
import type { EntityJson } from '../../domain/entity.ts';
import { registryDisplayName } from '../../domain/entities/customer.ts';
import { recordTabUrl } from '../../domain/routes.ts';

export interface SitePlace {
  id: string;
  name: string;
  address: string;
  /** The site's page (`/customers/{id}`). */
  href: string;
  latitude?: number;
  longitude?: number;
}

export interface PlacedSite extends SitePlace {
  latitude: number;
  longitude: number;
}

type Row = Pick<EntityJson, 'id' | 'attributes' | 'metadata'>;

const record = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const coordinate = (value: unknown, limit: number) => (typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined);

/** One site: its name as its lists show it, its registered office's address (else its registry's) and coordinates. */
export function sitePlace(row: Row): SitePlace {
  const registry = record(row.attributes.registry);
  const office = record(row.attributes.registeredOffice);
  const name = text(row.metadata.displayName) || registryDisplayName(registry) || text(office.businessName);
  const cityLine = [text(office.zipCode) || text(registry.zipCode), text(office.city) || text(registry.city)].filter(Boolean).join(' ');
  const province = text(office.province) || text(registry.province);
  const address = text(office.completeAddress)
    || [text(office.address) || text(registry.address), cityLine + (province ? ` (${province})` : '')].filter(Boolean).join(', ');
  const latitude = coordinate(office.latitude, 90);
  const longitude = coordinate(office.longitude, 180);
  return {
    id: row.id, name, address, href: recordTabUrl('customers', row.id),
    ...(latitude !== undefined && longitude !== undefined ? { latitude, longitude } : {}),
  };
}

/** The sites by name: those the map places (both coordinates) and those it cannot. */
export function sitePlaces(rows: readonly Row[]): { placed: PlacedSite[]; unplaced: SitePlace[] } {
  const sites = rows.map(sitePlace).sort((a, b) => a.name.localeCompare(b.name, 'it'));
  const placed = sites.filter((site): site is PlacedSite => site.latitude !== undefined && site.longitude !== undefined);
  return { placed, unplaced: sites.filter((site) => site.latitude === undefined || site.longitude === undefined) };
}
