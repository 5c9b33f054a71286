// Setup of every jest project that renders screens (jest-fixed-jsdom).
import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/dom';
import { SCREEN_WAIT_TIMEOUT_MS } from '../testing/timeouts';

// findBy* and waitFor wait for what a person would see, up to the one bound of the workspace.
configure({ asyncUtilTimeout: SCREEN_WAIT_TIMEOUT_MS });
