import { acceptConsentsBodySchema, consentStatesResponseSchema } from '@ovation/shared';
import type { FastifyReply } from 'fastify';
import type { RouteApp } from '../../app-context';
import { signedInViewer } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import { ok } from '../../lib/envelope';
import { acceptCurrentVersions, consentStates } from './consent-service';
import { type DataExportDependencies, type DataExportFile, exportOwnData } from './data-export-service';

const tags = ['auth'];
const security = [{ bearer: [] }];

/** A data file as a download: never cached, named for the day it was made. */
export function sendDataFile(reply: FastifyReply, file: DataExportFile) {
  return reply
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .type(file.contentType)
    .send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));
}

/**
 * The account's privacy: GET /auth/account/data (its own data, as a JSON file to keep), and the consent to
 * the legal documents (GET and POST /auth/consents).
 */
export function registerPrivacyRoutes(app: RouteApp, deps: DataExportDependencies & { clock: Clock }) {
  app.get(
    '/auth/account/data',
    { config: { access: 'signedIn' }, schema: { tags, security } },
    async (request, reply) => {
      const file = await exportOwnData(deps, signedInViewer(request).id, {
        ip: request.ip,
        now: deps.clock.now(),
      });
      return sendDataFile(reply, file);
    },
  );

  app.get(
    '/auth/consents',
    {
      config: { access: 'signedIn' },
      schema: { tags, security, response: { 200: consentStatesResponseSchema } },
    },
    async (request) => ok(await consentStates(deps.db, signedInViewer(request).id)),
  );

  app.post(
    '/auth/consents',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        security,
        body: acceptConsentsBodySchema,
        response: { 200: consentStatesResponseSchema },
      },
    },
    async (request) =>
      ok(
        await acceptCurrentVersions(deps.db, signedInViewer(request).id, request.body.documents, {
          ip: request.ip,
          now: deps.clock.now(),
        }),
      ),
  );
}
