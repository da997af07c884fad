/**
 * Sidebar icons (SPEC §7 «An icon service is also fetched»): each sidebar group's icon name as data,
 * the icon queries split so that each URL stays within the SPEC §9 limit, and a sprite fetch that
 * gives up after the SPEC §9 timeout (the initials then stay; SPEC §8: icon failures are not shown).
 */
import type { SidebarGroup } from '../../domain/routes.ts';

/** SPEC §9: an icon query URL is at most 500 characters. */
export const ICON_QUERY_MAX_CHARS = 500;
/** SPEC §9: the icon service is given up after 5000 ms. */
export const ICON_TIMEOUT_MS = 5000;
/**
 * SPEC §9 «rotate 750 ms», named with the query URL limit and the timeout: the figures of the Iconify API
 * client's defaults (maxURL 500, timeout 5000, rotate 750), where `rotate` is how long a query waits on one
 * icon host before it is also asked of the next. Here there is one host (GET /api/icons), so nothing to
 * rotate to. No spinner: the SPEC asks for none.
 */
export const ICON_ROTATE_MS = 750;

/** lucide-static names for the sidebar groups. */
export const groupIcons: Readonly<Record<SidebarGroup, string>> = {
  home: 'house',
  customers: 'users',
  marketing: 'megaphone',
  planning: 'calendar-days',
  equipment: 'fire-extinguisher',
  training: 'graduation-cap',
  catalog: 'package',
  admin: 'settings',
};

/** The icon query URLs for `names`, each at most `max` characters (a name too long on its own is dropped). */
export function iconQueries(base: string, names: readonly string[], max = ICON_QUERY_MAX_CHARS): string[] {
  const prefix = `${base}?names=`;
  const urls: string[] = [];
  let current: string[] = [];
  const urlOf = (list: string[]) => prefix + list.map(encodeURIComponent).join(',');
  for (const name of [...new Set(names)]) {
    if (urlOf([name]).length > max) continue;
    if (current.length > 0 && urlOf([...current, name]).length > max) {
      urls.push(urlOf(current));
      current = [];
    }
    current.push(name);
  }
  if (current.length > 0) urls.push(urlOf(current));
  return urls;
}

/** Each query's text, or undefined when any of them fails or the whole takes longer than `timeoutMs`. */
export async function fetchSprites(
  urls: readonly string[],
  fetchText: (url: string, signal: AbortSignal) => Promise<string>,
  timeoutMs = ICON_TIMEOUT_MS,
): Promise<string[] | undefined> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(undefined);
    }, timeoutMs);
  });
  try {
    return await Promise.race([Promise.all(urls.map((url) => fetchText(url, controller.signal))), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

let sprites: Promise<boolean> | undefined;

/** Fetches the sidebar sprite once (silently: SPEC §8) and puts it in the page; true when the icons are there. */
export function loadSidebarIcons(getText: (path: string, signal: AbortSignal) => Promise<string>): Promise<boolean> {
  sprites ??= (async () => {
    // Measured as the server sees it (/api/icons…); asked relative to the API base address.
    const urls = iconQueries('/api/icons', Object.values(groupIcons)).map((url) => url.slice('/api'.length));
    const texts = await fetchSprites(urls, getText);
    if (!texts || typeof document === 'undefined') return false;
    const holder = document.createElement('div');
    holder.hidden = true;
    holder.setAttribute('aria-hidden', 'true');
    holder.innerHTML = texts.join('');
    document.body.append(holder);
    return true;
  })();
  return sprites;
}
