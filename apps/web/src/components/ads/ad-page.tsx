import type { AdLocation } from '@ovation/shared/ad-constants';
import type { ServedAd } from '@ovation/shared/schemas/ad-serving';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { type AdLayout, readAdLayout, rememberAdLayout } from '../../lib/ads/ad-memory';
import { pageAdSlots, SIDEBAR_MIN_WIDTH_PX } from '../../lib/ads/page-slots';
import { popupShownToday } from '../../lib/ads/popup-schedule';
import { apiGet } from '../../lib/api-client';
import { deviceIdHeaders } from '../../lib/device-id';
import { publicSettingsQuery } from '../../lib/public-settings';

interface AdPage {
  /** The slots asked for (a location per slot, in the request's order); null: the page carries no ads. */
  slots: AdLocation[] | null;
  /** The served ads; undefined while the answer is on its way; empty when the call failed. */
  ads: ServedAd[] | undefined;
  /**
   * Locations that have an ad to serve now (public settings, or as the last page knew them until those
   * answer): they keep their box while the ads load.
   */
  servable: readonly AdLocation[];
}

const AdPageContext = createContext<AdPage>({ slots: null, ads: [], servable: [] });

/**
 * The locations the server could serve an ad at when it sent this page (the HTML's `ovation-ad-locations`
 * meta, lib/html-shell.ts on the server): the first paint keeps their boxes before any call answers, so a
 * first visit does not shift either. Null when the page came without it (the dev server).
 */
function shellAdLocations(): AdLocation[] | null {
  const content = document.querySelector('meta[name="ovation-ad-locations"]')?.getAttribute('content');
  if (content === null || content === undefined) return null;
  return content.split(',').filter((location): location is AdLocation => location.length > 0) as AdLocation[];
}

const servedWithPage = typeof document === 'undefined' ? null : shellAdLocations();

/** One visit of a page: a new path is a new visit with its own ads (and tokens); a new query string is not. */
interface Visit {
  pathname: string;
  id: number;
  slots: AdLocation[] | null;
  remembered: AdLayout;
}

function startVisit(pathname: string, id: number, servable: readonly AdLocation[] | undefined): Visit {
  const wide = window.matchMedia?.(`(min-width: ${SIDEBAR_MIN_WIDTH_PX}px)`).matches ?? false;
  let slots = pageAdSlots(pathname, { wide, popup: !popupShownToday() });
  // Once the public settings are known, a location with nothing to serve is not asked for; no call at all
  // when no location has one.
  if (slots && servable) slots = slots.filter((location) => servable.includes(location));
  return { pathname, id, slots: slots?.length ? slots : null, remembered: readAdLayout() };
}

async function fetchAdSlots(slots: AdLocation[], signal: AbortSignal): Promise<ServedAd[]> {
  const data = await apiGet('/ad-slots', {
    query: { slots: slots.join(',') },
    // The viewer for unique views and repeats: the browser's random device id (the session when signed in).
    headers: deviceIdHeaders(),
    signal,
  });
  // Typed, not parsed: the schema library stays out of the public bundle (the server's answer is validated
  // by its own response schema before it is sent).
  return (data as { ads?: ServedAd[] } | undefined)?.ads ?? [];
}

/**
 * Asks once per page visit, as soon as the page's path is known (beside the page's own calls, never in
 * their way), for the ads of every slot of the page, and hands them to the page's AdSlot components.
 */
export function AdPageProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const settings = useQuery(publicSettingsQuery);
  const [visit, setVisit] = useState(() =>
    startVisit(
      pathname,
      0,
      queryClient.getQueryData(publicSettingsQuery.queryKey)?.ads.locations ?? servedWithPage ?? undefined,
    ),
  );
  if (visit.pathname !== pathname) {
    setVisit(startVisit(pathname, visit.id + 1, settings.data?.ads.locations));
  }

  const { slots } = visit;
  const served = useQuery({
    queryKey: ['ad-slots', visit.id, slots?.join(',')],
    queryFn: ({ signal }) => fetchAdSlots(slots ?? [], signal),
    enabled: slots !== null,
    // The visit's ads stay as served: a refetch would swap them (and their tokens) under the visitor.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

  const locations = settings.data?.ads.locations;
  useEffect(() => rememberAdLayout(locations), [locations]);

  const value: AdPage = {
    slots,
    ads: served.isError ? [] : served.data,
    servable: locations ?? servedWithPage ?? visit.remembered.locations,
  };
  return <AdPageContext.Provider value={value}>{children}</AdPageContext.Provider>;
}

export type AdSlotState = { kind: 'none' } | { kind: 'reserved' } | { kind: 'ad'; ad: ServedAd };

/**
 * What the `occurrence`-th slot of `location` on this page shows: its ad; a reserved box while the ads
 * load if the location has one to serve; or nothing (no ad for it, or a page without ads).
 */
export function useAdSlot(location: AdLocation, occurrence = 0): AdSlotState {
  const { slots, ads, servable } = useContext(AdPageContext);
  if (!slots) return { kind: 'none' };
  let slot = -1;
  for (let index = 0, seen = 0; index < slots.length; index += 1) {
    if (slots[index] !== location) continue;
    if (seen === occurrence) {
      slot = index;
      break;
    }
    seen += 1;
  }
  if (slot === -1) return { kind: 'none' };
  if (ads === undefined) {
    if (!servable.includes(location)) return { kind: 'none' };
    return { kind: 'reserved' };
  }
  const ad = ads.find((served) => served.slot === slot);
  return ad ? { kind: 'ad', ad } : { kind: 'none' };
}
