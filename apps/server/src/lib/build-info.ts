import rootPackage from '../../../../package.json' with { type: 'json' };

/** Set by the build (scripts/build-server.mjs); absent when the sources run through tsx in development. */
declare const __OVATION_BUILD__: { version: string; commit: string; builtAt: string } | undefined;

export interface BuildInfo {
  version: string;
  /** The git commit the build was made from (`-dirty` with uncommitted changes), or `development`. */
  commit: string;
  /** When the build was made; null when running from the sources. */
  builtAt: string | null;
  /** Whether this process runs the compiled build (what production runs). */
  compiled: boolean;
}

/** What the health routes and the metrics report as this process's version. */
export const buildInfo: BuildInfo =
  typeof __OVATION_BUILD__ !== 'undefined'
    ? { ...__OVATION_BUILD__, compiled: true }
    : {
        version: rootPackage.version,
        commit: process.env.SOURCE_COMMIT ?? 'development',
        builtAt: null,
        compiled: false,
      };
