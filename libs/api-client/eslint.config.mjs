import { libraryConfig } from '../../eslint.library.mjs';

// The hooks come from '@reduxjs/toolkit/query/react', which needs react and react-redux
// installed beside it: real peers that no file of ours imports by name.
export default await libraryConfig({
  testingEntry: false,
  ignoredDependencies: ['react', 'react-redux'],
});
