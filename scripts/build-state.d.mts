// Types of build-state.mjs for the TypeScript that imports it (deploy/stack-test.ts).
export declare const root: string;
export declare const serverDist: string;
export declare const webDist: string;
export declare function buildState(which: 'server' | 'web'): 'missing' | 'stale' | 'current';
export declare function runBuild(which: 'server' | 'web'): void;
export declare function ensureBuilt(which: Array<'server' | 'web'>): void;
export declare function runCompiled(script: string, args?: string[], env?: NodeJS.ProcessEnv): void;
