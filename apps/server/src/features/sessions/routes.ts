import type { RouteApp } from '../../app-context';

/** POST /sessions/heartbeat: the web app's light presence signal (every 60 s while the tab is visible). */
export function registerSessionRoutes(_app: RouteApp) {}
