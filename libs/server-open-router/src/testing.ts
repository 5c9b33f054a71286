// Test helpers of @mason/server-open-router (specs and end-to-end set-ups only): name every export.
export {
  OPEN_ROUTER_STAND_IN_MESSAGES,
  startOpenRouterStandIn,
} from './testing/open-router-stand-in';
export type {
  OpenRouterStandIn,
  OpenRouterStandInOptions,
  StandInCompletion,
  StandInKey,
  StandInKeyState,
} from './testing/open-router-stand-in';
