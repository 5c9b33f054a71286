import { LoginScreen } from '@mason/auth';

export default LoginScreen;
