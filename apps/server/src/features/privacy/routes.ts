import type { RouteApp } from '../../app-context';
import { signedInViewer } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { type DataExportDependencies, exportOwnData } from './data-export-service';

const tags = ['auth'];
const security = [{ bearer: [] }];

/** GET /auth/account/data: the signed-in account's own data, as a JSON file to keep. */
export function registerPrivacyRoutes(app: RouteApp, deps: DataExportDependencies & { clock: Clock }) {
  app.get(
    '/auth/account/data',
    { config: { access: 'signedIn' }, schema: { tags, security } },
    async (request, reply) => {
      const file = await exportOwnData(deps, signedInViewer(request).id, {
        ip: request.ip,
        now: deps.clock.now(),
      });
      return reply
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .type('application/json; charset=utf-8')
        .send(file.body);
    },
  );
}
