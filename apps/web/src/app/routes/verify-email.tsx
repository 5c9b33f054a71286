import { VerifyEmailScreen } from '@mason/auth';

export default VerifyEmailScreen;
