import { GoogleCallbackScreen } from '@mason/auth';

export default GoogleCallbackScreen;
