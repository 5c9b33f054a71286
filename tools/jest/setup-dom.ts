// Setup of every jest project that renders screens (jest-fixed-jsdom).
import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/dom';
import { freezeClock } from '../../libs/api-client/src/testing/clock';
import { SCREEN_WAIT_TIMEOUT_MS } from '../testing/timeouts';

// findBy* and waitFor wait for what a person would see, up to the one bound of the workspace.
configure({ asyncUtilTimeout: SCREEN_WAIT_TIMEOUT_MS });

// Relative times ("12 minutes ago") are counted from FIXTURE_NOW, the instant fixtures are dated
// against, never from the wall clock (see libs/api-client/src/testing/clock.ts).
freezeClock();
