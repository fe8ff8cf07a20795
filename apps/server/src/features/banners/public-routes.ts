import { bannerListResponseSchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { ok } from '../../lib/envelope';
import { sendPublicPage } from '../../lib/public-pages';
import type { ResponseCache } from '../../lib/response-cache';
import { type BannersDependencies, listPublicBanners } from './service';

/** GET /stats/banners: the home page's hero banners, a public page shared by everyone who sees it. */
export function registerBannerPublicRoutes(
  app: RouteApp,
  deps: Pick<BannersDependencies, 'db' | 'storage'> & { cache: ResponseCache },
) {
  app.get(
    '/stats/banners',
    {
      config: { access: 'public' },
      schema: { tags: ['banners'], response: { 200: bannerListResponseSchema } },
    },
    async (request, reply) =>
      sendPublicPage(deps.cache, request, reply, 'banners', async () => ok(await listPublicBanners(deps))),
  );
}
