import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors';
import { hasOnlyStorableText } from './storable-text';

/**
 * JSON bodies are parsed as Fastify does, then refused (400 INVALID_CHARACTERS) when they carry text
 * PostgreSQL cannot store (NUL, lone UTF-16 surrogates: both valid JSON), before any handler runs.
 */
export function registerJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    parseJson(request, body as string, (error, value) => {
      if (error) done(error, undefined);
      else if (!hasOnlyStorableText(value)) done(Invalid('INVALID_CHARACTERS'), undefined);
      else done(null, value);
    }),
  );
}
