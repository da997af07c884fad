/**
 * Draws a customer's sites with Leaflet (issue 23), in its own chunk: loaded only when an overview
 * shows a map, never with the initial JS, and without React. Leaflet's stylesheet comes in the chunk
 * as text and is added once. Tiles come from the server's configuration (MAP_TILE_URL; none: the
 * markers on a plain background). Each marker is a link to its site (click or Enter), named by it;
 * the table beside the map is the text alternative (sites-map.tsx).
 */
import { control, divIcon, latLngBounds, map as leafletMap, marker, tileLayer } from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css' with { type: 'text' };
import type { MapTiles } from '../auth/config.ts';
import { injectStyles } from '../shell/inject-styles.ts';
import type { PlacedSite } from './site-places.ts';

export interface SitesMapOptions {
  /** The tile source from /config.json; undefined or an empty address: no tiles. */
  tiles: MapTiles | undefined;
  /** The zoom buttons' names (Italian, from the messages). */
  zoomIn: string;
  zoomOut: string;
  /** Opens a site's page (as an in-app link does: in its tab). */
  open(href: string): void;
}

/** Closest zoom when fitting the sites: a street, not a building. */
const MAX_FIT_ZOOM = 13;

/** Text for Leaflet's attribution, which it writes as HTML. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Draws `places` on `container`; returns what removes the map. */
export function drawSitesMap(container: HTMLElement, places: readonly PlacedSite[], options: SitesMapOptions): () => void {
  injectStyles('leaflet', leafletCss);
  const tiles = options.tiles?.tileUrl ? options.tiles : undefined;
  // No wheel zoom: the page scrolls past the map; the buttons, + and - and a double click zoom.
  const map = leafletMap(container, { zoomControl: false, attributionControl: Boolean(tiles?.attribution), scrollWheelZoom: false });
  control.zoom({ zoomInTitle: options.zoomIn, zoomOutTitle: options.zoomOut }).addTo(map);
  map.attributionControl?.setPrefix(false);
  if (tiles) tileLayer(tiles.tileUrl, { attribution: escapeHtml(tiles.attribution), maxZoom: 19 }).addTo(map);

  const fit = () => {
    if (places.length === 1) map.setView([places[0]!.latitude, places[0]!.longitude], MAX_FIT_ZOOM);
    else map.fitBounds(latLngBounds(places.map((place) => [place.latitude, place.longitude])), { padding: [32, 32], maxZoom: MAX_FIT_ZOOM });
  };
  // A view first: Leaflet adds markers to a map without one only later, and they are named below.
  fit();

  const icon = divIcon({ className: 'sites-map-marker', iconSize: [18, 18], iconAnchor: [9, 9], tooltipAnchor: [0, -10] });
  for (const place of places) {
    const pin = marker([place.latitude, place.longitude], { icon, keyboard: true, riseOnHover: true }).addTo(map);
    pin.bindTooltip(place.name, { direction: 'top' });
    pin.on('click', () => options.open(place.href));
    pin.on('keypress', (event) => {
      if (event.originalEvent.key === 'Enter') options.open(place.href);
    });
    const element = pin.getElement();
    if (element) {
      // A link to the site, named by it (Leaflet makes a keyboard marker a nameless button).
      element.setAttribute('role', 'link');
      element.setAttribute('aria-label', place.name);
      element.dataset.site = place.id;
    }
  }
  // Drawn in a hidden tab, or the window resized: Leaflet measures again (and fits once it has a size).
  let sized = container.clientWidth > 0;
  const observer = new ResizeObserver(() => {
    map.invalidateSize();
    if (!sized && container.clientWidth > 0) {
      sized = true;
      fit();
    }
  });
  observer.observe(container);
  return () => {
    observer.disconnect();
    map.remove();
  };
}
