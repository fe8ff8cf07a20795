/**
 * What `import … from 'zod'` gives the web build (vite.config.ts points 'zod' here): zod itself, told not
 * to compile its parsers with `new Function`. The page's content security policy forbids eval, so the
 * compiled parsers could never run anyway, and even zod's probe for them (`Function('')`) is a reported
 * violation. The setting must be made before any schema is built, since each object schema reads it once
 * when it is created: every schema module imports this one first, through the alias.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
