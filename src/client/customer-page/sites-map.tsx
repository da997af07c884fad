/**
 * The map of a customer's office locations on its overview (issue 23): a marker per site with
 * coordinates (its registered office's), drawn by Leaflet in a chunk fetched only when a map is shown
 * (sites-map-canvas.ts), on the tiles the server names in /config.json (MAP_TILE_URL). Its text
 * alternative is always there: a table of the placed sites (name as a link, address, coordinates)
 * and, under it, the sites without coordinates, so the keyboard reaches every site.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { listKey, records } from '../data/index.ts';
import { loadClientConfig } from '../auth/config.ts';
import { addMessages } from '../i18n/index.ts';
import sitesMapMessages from '../i18n/messages/sites-map.ts';
import { AppLink } from '../shell/app-link.tsx';
import { injectStyles } from '../shell/inject-styles.ts';
import { openTab } from '../workspace/tab-context.ts';
import { sitePlaces, type PlacedSite } from './site-places.ts';

addMessages(sitesMapMessages);

/** Leaflet and the drawing, fetched with the first map drawn. */
const loadSitesMapCanvas = () => import('./sites-map-canvas.ts');

/** More sites than a customer has; the list answers at most MAX_PAGE_SIZE anyway. */
const SITES_PAGE_SIZE = 500;

injectStyles('sites-map', `
.sites-map { margin-top: 1.25rem; }
.sites-map h3 { margin: 0 0 .5rem; font-size: 1rem; }
.sites-map-canvas { height: 320px; border: 1px solid var(--border, color-mix(in srgb, CanvasText 20%, transparent)); border-radius: 8px; }
.sites-map-canvas.leaflet-container { background: var(--surface-2, #e9eef2); font: inherit; }
.sites-map-canvas:focus-visible { outline: 2px solid var(--focus, Highlight); outline-offset: 2px; }
.sites-map-marker { background: var(--accent, #1f5fbf); border: 3px solid #fff; border-radius: 50%; box-shadow: 0 0 0 1px rgba(0,0,0,.45); box-sizing: border-box; }
.sites-map-marker:focus-visible { outline: 3px solid var(--focus, Highlight); outline-offset: 2px; }
.sites-map table { border-collapse: collapse; width: 100%; margin-top: .5rem; }
.sites-map th, .sites-map td { padding: .25rem .5rem; border-bottom: 1px solid var(--border, color-mix(in srgb, CanvasText 20%, transparent)); text-align: left; }
.sites-map td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.sites-map .note { color: var(--muted, inherit); font-size: .85rem; margin: .25rem 0 0; }
.sites-map-unplaced { margin: .5rem 0 0; }
.sites-map-unplaced ul { display: inline; list-style: none; padding: 0; margin: 0 0 0 .25rem; }
.sites-map-unplaced li { display: inline; }
.sites-map-unplaced li + li::before { content: ", "; }
`);

export function SitesMap({ customerId }: { customerId: string }) {
  const intl = useIntl();
  const query = useMemo(() => ({ 'filter[parentId]': customerId, 'page[size]': SITES_PAGE_SIZE }), [customerId]);
  // Under the customers' list keys: a site added, moved or removed redraws the map.
  const { data } = useQuery({ queryKey: listKey('customers', query), queryFn: ({ signal }) => records.list('customers', query, signal) });
  const { placed, unplaced } = useMemo(() => sitePlaces((data?.data ?? []) as Parameters<typeof sitePlaces>[0]), [data]);
  if (!data || placed.length + unplaced.length === 0) return null;
  const coordinate = (value: number) => intl.formatNumber(value, { minimumFractionDigits: 5, maximumFractionDigits: 5 });
  return (
    <section className="sites-map" aria-labelledby={`${customerId}-sites-map-title`} data-sites-map>
      <h3 id={`${customerId}-sites-map-title`}><FormattedMessage id="sitesMap.title" /></h3>
      {placed.length > 0 && (
        <>
          <SitesMapCanvas places={placed} label={intl.formatMessage({ id: 'sitesMap.region' }, { count: placed.length })} />
          <table data-sites-table>
            <caption className="sr-only"><FormattedMessage id="sitesMap.table" /></caption>
            <thead>
              <tr>
                <th scope="col"><FormattedMessage id="sitesMap.column.name" /></th>
                <th scope="col"><FormattedMessage id="sitesMap.column.address" /></th>
                <th scope="col"><FormattedMessage id="sitesMap.column.latitude" /></th>
                <th scope="col"><FormattedMessage id="sitesMap.column.longitude" /></th>
              </tr>
            </thead>
            <tbody>
              {placed.map((site) => (
                <tr key={site.id} data-site={site.id}>
                  <th scope="row"><AppLink href={site.href}>{site.name}</AppLink></th>
                  <td>{site.address}</td>
                  <td className="number">{coordinate(site.latitude)}</td>
                  <td className="number">{coordinate(site.longitude)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {unplaced.length > 0 && (
        <div className="sites-map-unplaced" data-sites-unplaced>
          <FormattedMessage id="sitesMap.unplaced" />
          <ul>{unplaced.map((site) => <li key={site.id}><AppLink href={site.href}>{site.name}</AppLink></li>)}</ul>
        </div>
      )}
    </section>
  );
}

type DrawState = 'loading' | 'drawn' | 'failed';

/** The map itself, once Leaflet and the tile source are in: a named region the keyboard can pan, its markers links. */
function SitesMapCanvas({ places, label }: { places: readonly PlacedSite[]; label: string }) {
  const intl = useIntl();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<DrawState>('loading');
  const [tiled, setTiled] = useState(true);
  useEffect(() => {
    let undraw: (() => void) | undefined;
    let gone = false;
    // Without the configuration the map still shows where the sites are, on a plain background.
    Promise.all([loadSitesMapCanvas(), loadClientConfig().catch(() => undefined)]).then(
      ([{ drawSitesMap }, config]) => {
        if (gone || !container.current) return;
        undraw = drawSitesMap(container.current, places, {
          tiles: config?.map,
          zoomIn: intl.formatMessage({ id: 'sitesMap.zoomIn' }),
          zoomOut: intl.formatMessage({ id: 'sitesMap.zoomOut' }),
          open: (href) => openTab(href),
        });
        setTiled(Boolean(config?.map?.tileUrl));
        setState('drawn');
      },
      (error: unknown) => {
        console.warn('sites map', error);
        if (!gone) setState('failed');
      },
    );
    return () => {
      gone = true;
      undraw?.();
    };
  }, [places, intl]);
  if (state === 'failed') return <p className="note" role="status"><FormattedMessage id="sitesMap.failed" /></p>;
  return (
    <>
      <div ref={container} className="sites-map-canvas" role="region" aria-label={label} aria-busy={state === 'loading'} data-drawn={state === 'drawn'} />
      {state === 'loading' && <p className="note"><FormattedMessage id="sitesMap.loading" /></p>}
      {state === 'drawn' && !tiled && <p className="note"><FormattedMessage id="sitesMap.noTiles" /></p>}
    </>
  );
}
