// jest-dom matchers on jest's global `expect` (tools/jest/setup-dom.ts installs them at run time).
import '@testing-library/jest-dom';
