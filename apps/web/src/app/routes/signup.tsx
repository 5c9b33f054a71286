import { SignupScreen } from '@mason/auth';

export default SignupScreen;
